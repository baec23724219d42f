import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { createCompileCache } from '../../src/content/compile-pool.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

const dir = await scenario('warm-build', {});
const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-warm-cache-'));
// The disk caches of `portal build` (bundles, bodies) live beside the compile cache; without a folder, none is used.
const warmCache = createCompileCache(cacheDir);
const coldCache = createCompileCache();
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(cacheDir, { recursive: true, force: true });
});

const files = async (warm: boolean) => {
  const result = await build({ root: dir, write: false, log: memoryLogger(), cache: warm ? warmCache : coldCache });
  return result.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]);
};

/** Each entry of a cache folder by name, with its modification time: a hit writes nothing new. */
const entries = async (sub: string) => {
  const names = (await fs.readdir(path.join(cacheDir, sub))).sort();
  return Promise.all(names.map(async (n) => [n, (await fs.stat(path.join(cacheDir, sub, n))).size] as const));
};

const has = (out: string[][], text: string) =>
  out.some(([, b64]) =>
    Buffer.from(b64 as string, 'base64')
      .toString('utf8')
      .includes(text),
  );

// Issue 17 item 1: a warm `portal build` takes its bundles and rendered bodies from disk where nothing they are
// made from changed; what it writes must be what a build without caches makes, edit after edit.
describe('a warm build', () => {
  it('makes the same files as a build without caches, and misses when an input changed', async () => {
    expect(await files(true)).toEqual(await files(false));
    const bundles = await entries('bundle');
    const bodies = await entries('bodies');
    // Client and server; the Try it worker too, unless this process bundled it before (one build per process).
    expect(bundles.length).toBeGreaterThanOrEqual(2);
    expect(bodies.length).toBe(1);
    // Nothing changed: both bundles and every body are taken from disk, and nothing new is written.
    expect(await files(true)).toEqual(await files(false));
    expect(await entries('bundle')).toEqual(bundles);
    expect(await entries('bodies')).toEqual(bodies);

    // A site page's own file (read by esbuild, not generated): both bundles and its body miss (a bundle kept from
    // before would render the old text, and its client chunk would differ from the build without caches).
    const index = path.join(dir, 'site/pages/index.tsx');
    await fs.writeFile(index, (await fs.readFile(index, 'utf8')).replace('</', 'Edited while warm.</'));
    const edited = await files(true);
    expect(has(edited, 'Edited while warm.')).toBe(true);
    expect(edited).toEqual(await files(false));

    // A doc's text (a generated module): its body and chunks change, as without caches.
    await fs.appendFile(path.join(dir, 'site/docs/intro.mdx'), '\nA paragraph added between builds.\n');
    const again = await files(true);
    expect(has(again, 'A paragraph added between builds.')).toBe(true);
    expect(again).toEqual(await files(false));
  }, 120_000);
});
