import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../src/search/build-index.ts';
import { encodeShard, encodeTerm, shardJson, shardJsonLength } from '../../../src/search/encode-shard.ts';
import { invertUnits } from '../../../src/search/invert.ts';
import type { SearchUnit } from '../../../src/search/units.ts';
import { shardKeyOf, type SearchManifest } from '../../../templates/shared/search-terms.ts';

const units: SearchUnit[] = Array.from({ length: 300 }, (_, i) => ({
  page: `/p/${i >> 1}`,
  pageTitle: `Page ${i >> 1} about invoices`,
  ...(i % 2 ? { heading: `Section ${i % 7}`, anchor: `s${i}` } : {}),
  text: `invoice${i % 40} index${i % 13} payment ${'word '.repeat(i % 5)}ab abc ab${i % 3} 𝒳 𝒳y é${i % 4} "quoted" back\\slash`,
}));
const fieldsOf = (u: SearchUnit) => ({ title: u.pageTitle, heading: u.heading, text: u.text, api: u.api });

describe('shard files (issue 7)', () => {
  it('writes a shard from its rows as JSON.stringify writes the whole shard', () => {
    const inverted = invertUnits(units.map(fieldsOf));
    const entries = [...inverted.terms].sort(([a], [b]) => (a < b ? -1 : 1));
    const rows = entries.map((e) => JSON.stringify(encodeTerm(e, inverted.fieldLength)));
    const whole = JSON.stringify(encodeShard(entries, inverted.fieldLength));
    expect(shardJson(rows)).toBe(whole);
    expect(
      shardJsonLength(
        rows.reduce((n, r) => n + r.length, 0),
        rows.length,
      ),
    ).toBe(whole.length);
    expect(shardJson([rows[0] as string])).toBe(
      JSON.stringify(encodeShard([entries[0] as (typeof entries)[number]], inverted.fieldLength)),
    );
  });

  it('packs into each file exactly the terms of its keys, in term order, however groups are split and packed', () => {
    const inverted = invertUnits(units.map(fieldsOf));
    for (const options of [
      {},
      { maxShardBytes: 300, packBytes: 0 },
      { maxShardBytes: 2000, packBytes: 5000 },
      { maxShardBytes: 10, packBytes: 100_000 },
    ]) {
      const index = buildSearchIndex(units, { dir: 'x', ...options });
      const manifest = JSON.parse(
        String(index.files.find((f) => f.path === 'x/manifest.json')?.contents),
      ) as SearchManifest;
      const split = new Set(manifest.split);
      // Keys that are prefixes of other keys: a split group's own two-letter term, a one-letter astral term.
      if (options.maxShardBytes === 10)
        expect(manifest.shards.flat()).toEqual(expect.arrayContaining(['ab', 'abc', 'ab0', '𝒳', '𝒳y']));
      manifest.shards.forEach((keys, i) => {
        const mine = [...inverted.terms].filter(([term]) => keys.includes(shardKeyOf(term, split)));
        expect(String(index.files.find((f) => f.path === `x/s-${manifest.build}-${i}.json`)?.contents)).toBe(
          JSON.stringify(encodeShard(mine, inverted.fieldLength)),
        );
      });
    }
  });
});
