import { LENGTH_FIELDS, type ShardFile } from '../../templates/shared/search-terms.js';
import type { Postings } from './invert.js';

export type TermEntry = readonly [string, ReadonlyArray<Postings | undefined>];
export type TermRow = [string, ...number[]];

/**
 * One shard in the compact form the browser downloads (format: `ShardFile` in templates/shared/search-terms.ts).
 * Ids are delta-coded and frequencies of 1, which is most of them, left out: that is what keeps a shard of a
 * large site small once gzipped. `fieldLength` is each unit's field lengths.
 */
export function encodeShard(entries: readonly TermEntry[], fieldLength: readonly number[][]): ShardFile {
  return { terms: [...entries].sort(byTerm).map((entry) => encodeTerm(entry, fieldLength)) };
}

/** Terms in code unit order, the order of a shard's rows. */
export const byTerm = ([a]: TermEntry, [b]: TermEntry): number => (a < b ? -1 : a > b ? 1 : 0);

/** One term's row of a shard: the term, then per field its postings. */
export function encodeTerm([term, fields]: TermEntry, fieldLength: readonly number[][]): TermRow {
  const row: TermRow = [term];
  fields.forEach((postings, field) => {
    if (!postings) return;
    const { ids, freqs } = postings;
    const ones = freqs.every((f) => f === 1);
    row.push(field * 2 + (ones ? 0 : 1), ids.length);
    // Appended in loops: spreading the postings of a common word overflows the call stack.
    let previous = 0;
    for (const id of ids) {
      row.push(id - previous);
      previous = id;
    }
    if (!ones) for (const f of freqs) row.push(f);
    if (LENGTH_FIELDS.has(field)) for (const id of ids) row.push(fieldLength[id]?.[field] ?? 0);
  });
  return row;
}

/**
 * A shard file's JSON from its rows' JSON, in order: what `JSON.stringify(encodeShard(...))` gives, without
 * encoding a row again for every grouping the builder tries (`{"terms":[row,row]}`).
 */
export const shardJson = (rowJson: readonly string[]): string => `{"terms":[${rowJson.join(',')}]}`;

/** The length of `shardJson(rowJson)`, from the rows' lengths alone. */
export const shardJsonLength = (rowBytes: number, rows: number): number => 12 + rowBytes + Math.max(0, rows - 1);
