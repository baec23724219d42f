import { createHash } from 'node:crypto';
import type { OutputFile } from '../output/write.js';
import {
  MANIFEST_FILE,
  shardFile,
  shardKeyOf,
  storeFile,
  type SearchManifest,
  type StoredUnit,
} from '../../templates/shared/search-terms.js';
import { byTerm, encodeTerm, shardJson, shardJsonLength } from './encode-shard.js';
import { invertUnits } from './invert.js';
import type { SearchUnit } from './units.js';

export interface SearchIndexOptions {
  /** Folder of the index in the output, e.g. `_portal/search`. */
  dir: string;
  /** A two-letter group larger than this (raw JSON bytes) is split into three-letter shards. */
  maxShardBytes?: number;
  /** Consecutive small shards are packed into one file up to this many raw bytes. */
  packBytes?: number;
  /** Result stores are cut at page boundaries once they reach this many raw bytes. */
  storeBytes?: number;
}

export interface SearchIndex {
  files: OutputFile[];
  manifest: SearchManifest;
}

const MAX_SHARD_BYTES = 48 * 1024;
const PACK_BYTES = 16 * 1024;
const STORE_BYTES = 4 * 1024;
/** Stored section text: enough to show the matched passage of all but the longest sections. */
const STORED_TEXT = 1200;

/**
 * Search stage (issue 7): the units as a MiniSearch index, split by the first letters of each term into
 * shards, so a query downloads only the shards of its own words; plus result stores (titles, headings,
 * text) fetched only for the top hits, and a small manifest saying where everything is. Pure: returns files.
 */
export function buildSearchIndex(units: readonly SearchUnit[], options: SearchIndexOptions): SearchIndex {
  // Ids are positions in `units`: the browser needs no id table, and a page's units are consecutive.
  const inverted = invertUnits(
    units.map((u) => ({ title: u.pageTitle, heading: u.heading, text: u.text, api: u.api })),
  );
  // Each term's row is encoded once, in term order; every grouping below is then made of rows' JSON.
  const rows = [...inverted.terms]
    .sort(byTerm)
    .map((entry): Row => ({ term: entry[0], json: JSON.stringify(encodeTerm(entry, inverted.fieldLength)) }));

  // 1. Shards: terms grouped by their first two letters; a crowded group split by the third letter.
  const limit = options.maxShardBytes ?? MAX_SHARD_BYTES;
  const groups: Group[] = [];
  const split: string[] = [];
  for (const [key, entries] of groupBy(rows, (term) => shardKeyOf(term, NO_SPLIT))) {
    const group = sized(key, entries);
    if (group.bytes <= limit) {
      groups.push(group);
      continue;
    }
    split.push(key);
    const splitKey = new Set([key]);
    for (const [sub, subEntries] of groupBy(entries, (term) => shardKeyOf(term, splitKey)))
      groups.push(sized(sub, subEntries));
  }
  groups.sort((a, b) => (a.key < b.key ? -1 : 1));
  split.sort();
  // Small groups share a file, so a small site is a handful of requests rather than hundreds of tiny ones.
  // Groups in key order, each in term order, list their terms in term order (a key is a prefix of its terms, and
  // a key that is a prefix of another key is its group's only term), so a pack's rows are joined as they are.
  const packs: Array<{ keys: string[]; rows: string[]; bytes: number }> = [];
  for (const g of groups) {
    const last = packs.at(-1);
    if (last && last.bytes + g.bytes <= (options.packBytes ?? PACK_BYTES)) {
      last.keys.push(g.key);
      for (const row of g.rows) last.rows.push(row.json);
      last.bytes += g.bytes;
    } else packs.push({ keys: [g.key], rows: g.rows.map((r) => r.json), bytes: g.bytes });
  }

  // 2. Result stores: consecutive units, whole pages per file.
  const stores: Array<{ first: number; units: string[] }> = [];
  let bytes = 0;
  units.forEach((u, id) => {
    const last = stores.at(-1);
    const stored = JSON.stringify(storedUnit(u));
    if (!last || (bytes >= (options.storeBytes ?? STORE_BYTES) && units[id - 1]?.page !== u.page)) {
      stores.push({ first: id, units: [stored] });
      bytes = 0;
    } else last.units.push(stored);
    bytes += stored.length;
  });

  // 3. Files: every name carries a hash of the whole index, so browsers never mix two builds' files.
  const shards = packs.map((p) => shardJson(p.rows));
  const storeJson = stores.map((s) => `[${s.units.join(',')}]`);
  const hash = createHash('sha1');
  for (const text of [...shards, ...storeJson]) hash.update(text);
  const build = hash.digest('hex').slice(0, 10);
  const manifest: SearchManifest = {
    version: 2,
    unitCount: units.length,
    averageFieldLength: inverted.averageFieldLength.map((n) => Math.round(n * 100) / 100),
    build,
    split,
    shards: packs.map((p) => p.keys),
    stores: stores.map((s, i) => s.first - (stores[i - 1]?.first ?? 0)),
  };
  const files: OutputFile[] = [
    ...shards.map((contents, i) => ({ path: `${options.dir}/${shardFile(build, i)}`, contents })),
    ...storeJson.map((contents, i) => ({ path: `${options.dir}/${storeFile(build, i)}`, contents })),
    { path: `${options.dir}/${MANIFEST_FILE}`, contents: JSON.stringify(manifest) },
  ];
  return { files, manifest };
}

function storedUnit(u: SearchUnit): StoredUnit {
  const text = u.text.length > STORED_TEXT ? `${u.text.slice(0, STORED_TEXT).replace(/\s+\S*$/, '')}…` : u.text;
  return {
    page: u.page,
    ...(u.anchor ? { anchor: u.anchor } : {}),
    pageTitle: u.pageTitle,
    ...(u.heading ? { heading: u.heading } : {}),
    text,
    ...(u.method ? { method: u.method } : {}),
    ...(u.path ? { path: u.path } : {}),
  };
}

/** A term and its shard row's JSON. */
interface Row {
  term: string;
  json: string;
}

/** Terms of one shard key, with the length of their shard file on its own. */
interface Group {
  key: string;
  rows: Row[];
  bytes: number;
}

const NO_SPLIT: ReadonlySet<string> = new Set();

const sized = (key: string, rows: Row[]): Group => ({
  key,
  rows,
  bytes: shardJsonLength(
    rows.reduce((n, r) => n + r.json.length, 0),
    rows.length,
  ),
});

/** Rows by key, each group in the rows' order. */
function groupBy(rows: readonly Row[], key: (term: string) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = key(row.term);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
