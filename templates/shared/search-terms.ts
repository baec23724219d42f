/**
 * The vocabulary rules of search (issue 7), shared by the index builder (src/search/) and the browser
 * (templates/search/): both sides must cut text into the same terms and file each term under the same shard,
 * or a query would look for terms in the wrong file. No DOM and no Node types here.
 */

/** Index fields in MiniSearch's order; a field's position is its id in the serialised index. */
export const SEARCH_FIELDS = ['title', 'heading', 'text', 'api'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A match in a page title or section heading says more than one in running text. */
export const FIELD_BOOST: Record<SearchField, number> = { title: 3, heading: 2.5, text: 1, api: 3 };

/** The index's folder in the output, under the asset folder (`ASSETS_DIR` of src/bundle/client.ts), and its one file with a fixed name. */
export const SEARCH_PATH = '_portal/search';
export const MANIFEST_FILE = 'manifest.json';

/** Name of the User Timing measure of each query's work in the browser, read by `portal bench` (issue 7's query budget). */
export const QUERY_MEASURE = 'portal-search-query';

const SEPARATORS = /[\s\p{P}\p{S}]+/u;
/** camelCase and PascalCase identifiers (ASCII: one pass over the text finds them all), and where they split. */
const CAMEL_WORD = /[A-Za-z0-9]*(?:[a-z0-9][A-Z]|[A-Z][A-Z][a-z])[A-Za-z0-9]*/g;
const CAMEL_HUMP = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;
/** Longer tokens are hashes, base64 or minified code: nobody types them. */
const MAX_TERM_LENGTH = 40;

// Words too common to tell sections apart; leaving them out keeps every shard smaller.
const STOP_WORDS = new Set(
  'a an and are as at be been but by can do does for from had has have how i if in into is it its of on or our so such than that the their them then there these they this those to was we were what when where which who will with you your'.split(
    ' ',
  ),
);

/**
 * `/orders/{orderId}` → `/orders/{}`: one term for a whole API path, parameter names dropped, so a path
 * query finds the operation whatever its parameter is called.
 */
export const pathTerm = (path: string): string =>
  path
    .toLowerCase()
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+$/, '');

/** Query side: words, plus the whole-path term when the reader types a path. */
export function tokenizeQuery(query: string): string[] {
  const words = query.split(SEPARATORS).filter(Boolean);
  const paths = query
    .split(/\s+/)
    .filter((w) => w.startsWith('/') && w.length > 1)
    .map(pathTerm);
  return [...paths, ...words];
}

/**
 * Index side: words, camelCase identifiers also by their parts (`emailConsent` is found by `consent`), and
 * in the `api` field each path as one term too.
 */
export function tokenizeField(text: string, field?: string): string[] {
  const words = text.split(SEPARATORS).filter(Boolean);
  const parts = (text.match(CAMEL_WORD) ?? []).flatMap((w) => w.split(CAMEL_HUMP));
  const paths =
    field === 'api'
      ? text
          .split(/\s+/)
          .filter((w) => w.startsWith('/'))
          .map(pathTerm)
      : [];
  return [...words, ...parts, ...paths];
}

/** Lower case; one-letter words, stop words and overlong tokens are dropped (null). */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 || t.length > MAX_TERM_LENGTH || STOP_WORDS.has(t)) return null;
  return t;
}

/** Query terms: processed like indexed ones, without duplicates. */
export const queryTerms = (query: string): string[] => [
  ...new Set(
    tokenizeQuery(query)
      .map(processTerm)
      .filter((t): t is string => t !== null),
  ),
];

const head = (term: string, n: number): string => Array.from(term).slice(0, n).join('');

/**
 * The shard a term lives in: its first two letters, or its first three where the builder split a crowded
 * two-letter group (`split`). A two-letter term stays in the group's own shard.
 */
export function shardKeyOf(term: string, split: ReadonlySet<string>): string {
  const two = head(term, 2);
  return split.has(two) && Array.from(term).length > 2 ? head(term, 3) : two;
}

/**
 * Typo tolerance grows with the word: none under 4 letters, one edit from 4, two from 7 (`invocie` →
 * `invoice`). Whole-path terms must match as typed. Edits only reach words in the same shard, so the first
 * two letters (three in a split group) must be right.
 */
export const fuzzyDistance = (term: string): number =>
  term.includes('/') ? 0 : term.length >= 7 ? 2 : term.length >= 4 ? 1 : 0;

/**
 * Fields whose length a posting carries, for BM25's length normalisation: a short title or heading that
 * matches says more than a long one. Running text is left out: carrying its length would enlarge every
 * shard by a large part (every posting of every word), and a section's length is bounded by its headings
 * anyway; the browser gives each unit the average text length.
 */
export const LENGTH_FIELDS: ReadonlySet<number> = new Set([0, 1, 3]);

/** Serialised shard file: the postings of every term under its keys (small groups share a file). */
export interface ShardFile {
  /**
   * Per term: `[term, ...field postings]`; per field: `field * 2 + 1` when frequencies follow, `field * 2`
   * when every frequency is 1; the count n; n unit ids, ascending, each stored as the difference to the
   * previous one; the n frequencies, if any; then, for `LENGTH_FIELDS`, the n units' lengths of that field.
   */
  terms: Array<[string, ...number[]]>;
}

/** What the browser fetches first: global scoring figures and which shards and result stores exist. */
export interface SearchManifest {
  version: 2;
  /** Units in the whole index: BM25 weighs every shard's terms against the whole collection. */
  unitCount: number;
  averageFieldLength: number[];
  /** Part of every file name, so a new build never mixes with files a browser cached from an older one. */
  build: string;
  /** Two-letter groups split into three-letter shards. */
  split: string[];
  /** Shard keys per file, sorted: the keys of `shardFile(build, i)` are `shards[i]`. */
  shards: string[][];
  /** First unit id of each result store, delta-coded; the i-th store is `storeFile(build, i)`. */
  stores: number[];
}

export const shardFile = (build: string, i: number): string => `s-${build}-${i}.json`;
export const storeFile = (build: string, i: number): string => `d-${build}-${i}.json`;

/** One indexable unit as the results show it: a section of a page, or an API operation. */
export interface StoredUnit {
  /** Route path of the page. */
  page: string;
  /** Heading id of the section; absent for the part of a page before its first heading. */
  anchor?: string;
  pageTitle: string;
  heading?: string;
  text: string;
  /** API operations: method and path, shown as a badge. */
  method?: string;
  path?: string;
}
