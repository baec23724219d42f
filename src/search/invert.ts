import { processTerm, SEARCH_FIELDS, tokenizeField, type SearchField } from '../../templates/search/terms.js';

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
  units.forEach((unit, id) => {
    const lengths: number[] = [];
    SEARCH_FIELDS.forEach((field, f) => {
      const value = unit[field];
      if (value == null) return;
      const tokens = tokenizeField(value, field);
      lengths[f] = new Set(tokens).size;
      // MiniSearch's running average over the units seen so far (its `addFieldLength`).
      averageFieldLength[f] = ((averageFieldLength[f] as number) * id + lengths[f]) / (id + 1);
      for (const token of tokens) {
        const term = processTerm(token);
        if (!term) continue;
        let perField = terms.get(term);
        if (!perField) terms.set(term, (perField = []));
        const postings = (perField[f] ??= { ids: [], freqs: [] });
        const last = postings.ids.length - 1;
        if (postings.ids[last] === id) postings.freqs[last] = (postings.freqs[last] as number) + 1;
        else {
          postings.ids.push(id);
          postings.freqs.push(1);
        }
      }
    });
    fieldLength.push(lengths);
  });
  return { terms, fieldLength, averageFieldLength };
}
