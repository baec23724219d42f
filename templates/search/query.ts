import MiniSearch, { type SearchResult } from 'minisearch';
import { decodeShard } from './shard-format.ts';
import {
  FIELD_BOOST,
  fuzzyDistance,
  MANIFEST_FILE,
  queryTerms,
  SEARCH_FIELDS,
  shardFile,
  shardKeyOf,
  storeFile,
  type SearchManifest,
  type ShardFile,
  type StoredUnit,
} from '../shared/search-terms.ts';

/** One matched section (or operation) as shown: its stored text and the indexed words it matched. */
export interface SectionHit extends StoredUnit {
  id: number;
  /** Indexed terms that matched (`invoice` for the query `invocie`), for highlighting. */
  matched: string[];
}

export interface PageHits {
  page: string;
  pageTitle: string;
  sections: SectionHit[];
}

export interface SearchResults {
  query: string;
  /** The query's words after processing; empty when nothing searchable was typed. */
  terms: string[];
  pages: PageHits[];
  /** False when no section matched every word and the results match some of them. */
  allTermsMatched: boolean;
}

export interface SearchEngineOptions {
  /** Fetches a file of the search folder by name and parses it. */
  fetchJson: (file: string) => Promise<unknown>;
  maxPages?: number;
  sectionsPerPage?: number;
}

export interface SearchEngine {
  search(query: string): Promise<SearchResults>;
}

const MAX_PAGES = 8;
const SECTIONS_PER_PAGE = 3;
/** Hits whose stores are fetched per round while fewer pages than wanted are filled. */
const STORE_ROUND = 10;
/** Hits looked at for pages to show; a page with many matching sections takes many of them. */
const MAX_HITS = 300;
/** Result stores fetched per query at most, which bounds a query's download on a large site. */
const MAX_STORES = 16;
/** MiniSearch's defaults are 0.375 and 0.45. */
const MATCH_WEIGHTS = { prefix: 0.75, fuzzy: 0.5 };

interface TermHits {
  /** unit id → score and the indexed terms it matched */
  byId: Map<number, { score: number; matched: string[] }>;
}

/**
 * The query side of search (issue 7), shared by the browser dialog and the bench: fetches the manifest once,
 * then per word only its shard (each loaded once into its own MiniSearch), combines the words (every word
 * must match; when no section has them all, any word), and fetches result stores only for the top hits.
 */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const maxPages = options.maxPages ?? MAX_PAGES;
  const perPage = options.sectionsPerPage ?? SECTIONS_PER_PAGE;
  const cache = new Map<string, Promise<unknown>>();
  /** Each file is fetched (and decoded) once; a failed download is tried again by the next query. */
  const once = <T>(file: string, load: () => Promise<T>): Promise<T> => {
    let p = cache.get(file) as Promise<T> | undefined;
    if (!p) {
      p = load();
      cache.set(file, p);
      p.catch(() => cache.delete(file));
    }
    return p;
  };
  const loadManifest = (): Promise<SearchManifest> =>
    once(MANIFEST_FILE, async () => (await options.fetchJson(MANIFEST_FILE)) as SearchManifest);
  const shardIndex = (m: SearchManifest, file: string): Promise<MiniSearch> =>
    once(file, async () =>
      MiniSearch.loadJS(decodeShard((await options.fetchJson(file)) as ShardFile, m), { fields: [...SEARCH_FIELDS] }),
    );
  const store = (file: string): Promise<StoredUnit[]> =>
    once(file, async () => (await options.fetchJson(file)) as StoredUnit[]);

  /**
   * One word's hits in its shard. Typo tolerance only when the word as typed matches nothing: expanding a
   * correct common word to its neighbours (`customer` → `custom`, `costumer`) costs time and adds noise.
   */
  const hitsOf = async (
    m: SearchManifest,
    shardOf: (term: string) => number | undefined,
    term: string,
    prefix: boolean,
  ): Promise<TermHits> => {
    const n = shardOf(term);
    const byId: TermHits['byId'] = new Map();
    if (n === undefined) return { byId };
    const index = await shardIndex(m, shardFile(m.build, n));
    // A word being typed is usually a prefix of the word meant, plurals included: weigh such matches close to exact ones.
    const options = {
      boost: FIELD_BOOST,
      prefix,
      weights: MATCH_WEIGHTS,
      tokenize: (s: string) => [s],
      processTerm: (s: string) => s,
    };
    let results: SearchResult[] = index.search(term, options);
    if (results.length === 0 && fuzzyDistance(term) > 0)
      results = index.search(term, { ...options, fuzzy: fuzzyDistance(term) });
    for (const r of results) byId.set(r.id as number, { score: r.score, matched: r.terms });
    return { byId };
  };

  return {
    async search(query) {
      const terms = queryTerms(query);
      if (terms.length === 0) return { query, terms, pages: [], allTermsMatched: true };
      const m = await loadManifest();
      const split = new Set(m.split);
      const byKey = new Map(m.shards.flatMap((keys, i) => keys.map((key) => [key, i] as const)));
      const shardOf = (term: string) => byKey.get(shardKeyOf(term, split));
      // Words before the last are complete; only the word being typed is matched as a prefix.
      const typing = !/\s$/.test(query);
      const perTerm = await Promise.all(terms.map((t, i) => hitsOf(m, shardOf, t, typing && i === terms.length - 1)));
      const { ranked, allTermsMatched } = combine(perTerm);
      const firsts = storeStarts(m.stores);
      const pages = await groupByPage(ranked.slice(0, MAX_HITS), {
        firsts,
        store: (i) => store(storeFile(m.build, i)),
        maxPages,
        perPage,
      });
      return { query, terms, pages, allTermsMatched };
    },
  };
}

interface RankedHit {
  id: number;
  score: number;
  matched: string[];
}

/** Every word must match; if no unit has them all, units matching the most words come first. */
function combine(perTerm: readonly TermHits[]): { ranked: RankedHit[]; allTermsMatched: boolean } {
  const merged = new Map<number, RankedHit & { words: number }>();
  for (const { byId } of perTerm) {
    for (const [id, hit] of byId) {
      const m = merged.get(id);
      if (m) {
        m.score += hit.score;
        m.words += 1;
        m.matched.push(...hit.matched);
      } else merged.set(id, { id, score: hit.score, matched: [...hit.matched], words: 1 });
    }
  }
  const all = [...merged.values()];
  const every = all.filter((h) => h.words === perTerm.length);
  const list = every.length ? every : all;
  list.sort((a, b) => b.words - a.words || b.score - a.score || a.id - b.id);
  return {
    ranked: list.map(({ id, score, matched }) => ({ id, score, matched: [...new Set(matched)] })),
    allTermsMatched: every.length > 0,
  };
}

/** Fetches the stores of the best hits, a round at a time, until `maxPages` pages are filled. */
async function groupByPage(
  ranked: readonly RankedHit[],
  o: { firsts: readonly number[]; store: (i: number) => Promise<StoredUnit[]>; maxPages: number; perPage: number },
): Promise<PageHits[]> {
  const pages = new Map<string, PageHits>();
  const used = new Set<number>();
  for (let at = 0; at < ranked.length && pages.size < o.maxPages && used.size < MAX_STORES; at += STORE_ROUND) {
    const round = ranked.slice(at, at + STORE_ROUND);
    const located = round.map((hit) => ({ hit, i: storeOf(o.firsts, hit.id) }));
    for (const { i } of located) used.add(i);
    const loaded = new Map(
      await Promise.all([...new Set(located.map((l) => l.i))].map(async (i) => [i, await o.store(i)] as const)),
    );
    for (const { hit, i } of located) {
      const unit = loaded.get(i)?.[hit.id - (o.firsts[i] ?? 0)];
      if (!unit) continue;
      let page = pages.get(unit.page);
      if (!page) {
        if (pages.size >= o.maxPages) continue;
        page = { page: unit.page, pageTitle: unit.pageTitle, sections: [] };
        pages.set(unit.page, page);
      }
      if (page.sections.length < o.perPage) page.sections.push({ ...unit, id: hit.id, matched: hit.matched });
    }
  }
  return [...pages.values()];
}

/** First unit ids of the stores, from the manifest's delta coding. */
function storeStarts(deltas: readonly number[]): number[] {
  let at = 0;
  return deltas.map((d) => (at += d));
}

/** The store holding a unit: the last one starting at or before its id. */
function storeOf(firsts: readonly number[], id: number): number {
  let lo = 0;
  let hi = firsts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((firsts[mid] as number) <= id) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
