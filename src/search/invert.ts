import { processTerm, SEARCH_FIELDS, tokenizeField, type SearchField } from '../../templates/shared/search-terms.js';

/** Units of one term in one field: ids ascending (units are added in id order), with term frequencies. */
export interface Postings {
  ids: number[];
  freqs: number[];
}

/** term → postings per field id. */
export type TermTable = Map<string, Array<Postings | undefined>>;

export interface InvertedIndex {
  terms: TermTable;
  /** Per unit, per field: MiniSearch's field length (distinct tokens before term processing). */
  fieldLength: number[][];
  /** MiniSearch's running average of each field's length. */
  averageFieldLength: number[];
}

export type IndexedUnit = Partial<Record<SearchField, string | undefined>>;

/**
 * The counting half of building a MiniSearch index, done with plain arrays: the same terms, frequencies and
 * field lengths `MiniSearch#addAll` records (tests/unit/search/index-builder.test.ts compares the two), at a
 * fraction of its cost on large sites, where inserting every token into MiniSearch's radix tree took most of
 * the build. Scoring, prefix and fuzzy matching stay MiniSearch's, in the browser.
 */
export function invertUnits(units: readonly IndexedUnit[]): InvertedIndex {
  const terms: TermTable = new Map();
  const fieldLength: number[][] = [];
  const averageFieldLength = SEARCH_FIELDS.map(() => 0);
  // Each distinct token is processed and looked up once: a site repeats a small vocabulary many times over.
  const known = new Map<string, KnownToken>();
  // No token spans a space (tests/unit/search/invert.test.ts checks it of `tokenizeField`), so a field's tokens
  // are those of its space-separated pieces, and each distinct piece (a word, mostly) is tokenized once.
  const pieces = SEARCH_FIELDS.map(() => new Map<string, KnownToken[]>());
  let pass = 0;
  units.forEach((unit, id) => {
    const lengths: number[] = [];
    SEARCH_FIELDS.forEach((field, f) => {
      const value = unit[field];
      if (value == null) return;
      const tokensOf = pieces[f] as Map<string, KnownToken[]>;
      pass++;
      let distinct = 0;
      for (const piece of value.split(' ')) {
        let tokens = tokensOf.get(piece);
        if (!tokens)
          tokensOf.set(
            piece,
            (tokens = tokenizeField(piece, field).map((token) => known.get(token) ?? learn(known, terms, token))),
          );
        for (const seen of tokens) {
          // Distinct tokens, before term processing: a token counts once per field of a unit.
          if (seen.pass !== pass) {
            seen.pass = pass;
            distinct++;
          }
          if (!seen.fields) continue;
          const postings = (seen.fields[f] ??= { ids: [], freqs: [] });
          const at = postings.ids.length - 1;
          if (postings.ids[at] === id) postings.freqs[at] = (postings.freqs[at] as number) + 1;
          else {
            postings.ids.push(id);
            postings.freqs.push(1);
          }
        }
      }
      lengths[f] = distinct;
      // MiniSearch's running average over the units seen so far (its `addFieldLength`).
      averageFieldLength[f] = ((averageFieldLength[f] as number) * id + distinct) / (id + 1);
    });
    fieldLength.push(lengths);
  });
  return { terms, fieldLength, averageFieldLength };
}

/** A token met before: its term's postings per field (none for a dropped token), and the last field pass that counted it. */
interface KnownToken {
  fields: Array<Postings | undefined> | undefined;
  pass: number;
}

/** A token met for the first time: processed, and its term entered in the table. */
function learn(known: Map<string, KnownToken>, terms: TermTable, token: string): KnownToken {
  const term = processTerm(token);
  let fields: Array<Postings | undefined> | undefined;
  if (term) {
    fields = terms.get(term);
    if (!fields) terms.set(term, (fields = []));
  }
  const entry: KnownToken = { fields, pass: 0 };
  known.set(token, entry);
  return entry;
}
