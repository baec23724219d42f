import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneFolder } from '../../src/disk-entry.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-disk-entry-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const hourAndMore = new Date(Date.now() - 2 * 60 * 60 * 1000);
const isEntry = (name: string) => name.endsWith('.json');

describe('pruning a cache folder', () => {
  it('keeps every entry within a count-only limit, and still removes an old temporary file', async () => {
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(dir, `${i}.json`), '{}');
    const old = path.join(dir, '9.json.123.x.tmp');
    fs.writeFileSync(old, '{');
    fs.utimesSync(old, hourAndMore, hourAndMore);
    const fresh = path.join(dir, '8.json.124.y.tmp');
    fs.writeFileSync(fresh, '{');
    expect(await pruneFolder(dir, { isEntry, limits: { entries: 5, bytes: Number.POSITIVE_INFINITY } })).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['0.json', '1.json', '2.json', '3.json', '4.json', '8.json.124.y.tmp']);
  });

  it('removes the least recently used entries over the limit', async () => {
    for (let i = 0; i < 5; i++) {
      const file = path.join(dir, `${i}.json`);
      fs.writeFileSync(file, '{}');
      const t = new Date(Date.now() - (10 - i) * 60_000);
      fs.utimesSync(file, t, t);
    }
    expect(await pruneFolder(dir, { isEntry, limits: { entries: 3, bytes: Number.POSITIVE_INFINITY } })).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(['2.json', '3.json', '4.json']);
  });
});
