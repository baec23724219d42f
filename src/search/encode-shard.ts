import { LENGTH_FIELDS, type ShardFile } from '../../templates/search/terms.js';
import type { Postings } from './invert.js';

export type TermEntry = readonly [string, ReadonlyArray<Postings | undefined>];

/**
 * One shard in the compact form the browser downloads (format: `ShardFile` in templates/search/terms.ts).
 * Ids are delta-coded and frequencies of 1, which is most of them, left out: that is what keeps a shard of a
 * large site small once gzipped. `fieldLength` is each unit's field lengths.
 */
export function encodeShard(entries: readonly TermEntry[], fieldLength: readonly number[][]): ShardFile {
  const terms = [...entries]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([term, fields]): [string, ...number[]] => {
      const row: [string, ...number[]] = [term];
      fields.forEach((postings, field) => {
        if (!postings) return;
        const { ids, freqs } = postings;
        const ones = freqs.every((f) => f === 1);
        row.push(field * 2 + (ones ? 0 : 1), ids.length);
        // Appended in loops: spreading the postings of a common word overflows the call stack.
        ids.forEach((id, i) => row.push(i === 0 ? id : id - (ids[i - 1] as number)));
        if (!ones) for (const f of freqs) row.push(f);
        if (LENGTH_FIELDS.has(field)) for (const id of ids) row.push(fieldLength[id]?.[field] ?? 0);
      });
      return row;
    });
  return { terms };
}
