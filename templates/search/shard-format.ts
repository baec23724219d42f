import type { AsPlainObject } from 'minisearch';
import { LENGTH_FIELDS, SEARCH_FIELDS, type SearchManifest, type ShardFile } from '../shared/search-terms.ts';

/**
 * Turns one downloaded shard back into the plain object MiniSearch loads (`MiniSearch.loadJS`): a complete
 * index over the shard's terms, scored against the whole collection's figures from the manifest, so a term
 * scores as it would in one big index. The inverse of src/search/encode-shard.ts.
 */
export function decodeShard(
  shard: ShardFile,
  manifest: Pick<SearchManifest, 'unitCount' | 'averageFieldLength'>,
): AsPlainObject {
  const average = SEARCH_FIELDS.map((_, f) => manifest.averageFieldLength[f] ?? 1);
  const fieldLength: Record<string, number[]> = {};
  const lengthsOf = (id: number): number[] => (fieldLength[id] ??= [...average]);
  const index: AsPlainObject['index'] = shard.terms.map(([term, ...row]) => {
    const fields: Record<string, Record<string, number>> = {};
    let at = 0;
    while (at < row.length) {
      const code = row[at++] as number;
      const n = row[at++] as number;
      const field = Math.floor(code / 2);
      const ids: number[] = [];
      let id = 0;
      for (let k = 0; k < n; k++) ids.push((id += row[at++] as number));
      const postings: Record<string, number> = {};
      for (const unit of ids) postings[unit] = code % 2 === 1 ? (row[at++] as number) : 1;
      if (LENGTH_FIELDS.has(field)) for (const unit of ids) lengthsOf(unit)[field] = row[at++] as number;
      else for (const unit of ids) lengthsOf(unit);
      fields[field] = postings;
    }
    return [term, fields];
  });
  const documentIds = Object.fromEntries(Object.keys(fieldLength).map((id) => [id, Number(id)]));
  return {
    documentCount: manifest.unitCount,
    nextId: manifest.unitCount,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: average,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}
