import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type LastBuildKey,
  lastBuildRecord,
  recordBuild,
  unchangedSinceLastBuild,
} from '../../../src/output/last-build.ts';
import { MTIME_SLACK_MS } from '../../../src/output/tree.ts';

let dir: string;
let cacheDir: string;
let key: LastBuildKey;
const report = { warnings: [], routesByKind: { doc: 2 }, bytes: 1234 };
const write = async (rel: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await fs.writeFile(path.join(dir, rel), text);
};
/** The record of `k`'s builds, if it says nothing changed. */
const unchanged = async (k: LastBuildKey) => unchangedSinceLastBuild(k, await lastBuildRecord(k));
/** The output folder as the build that wrote it put it in place. */
const output = () => fs.stat(path.join(dir, 'build'));
/** A record made by a build that started after every file was saved. */
const record = async (read: string[] = []) =>
  recordBuild(
    key,
    await lastBuildRecord(key),
    read,
    { startedAt: Date.now() + MTIME_SLACK_MS + 1000, output: await output() },
    report,
  );

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-last-build-'));
  // Not beside the site: the names in the site's parent folder are part of the digest (inputsDigest).
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-last-build-cache-'));
  key = {
    cacheDir,
    siteDir: path.join(dir, 'site'),
    outDir: path.join(dir, 'build'),
    templatesDir: path.join(dir, 'templates'),
    settings: { baseUrl: '/' },
    git: false,
  };
  await write('site/docs/a.md', '# A');
  await write('site/docs/b.md', '# B');
  await write('templates/page.tsx', 'export default 1;');
  await write('shared/note.ts', 'export const n = 1;');
  await write('build/index.html', '<p>A</p>');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(cacheDir, { recursive: true, force: true });
});

describe('the record of the last build', () => {
  it('is found while nothing changed, with the report it keeps', async () => {
    await record([path.join(dir, 'shared/note.ts')]);
    expect(await unchanged(key)).toMatchObject(report);
  });

  it('is not found once a file read, the site, the templates or the output changed', async () => {
    const changes: Array<() => Promise<unknown>> = [
      // Same size, other bytes.
      () => write('site/docs/a.md', '# Z'),
      () => write('site/docs/new/c.md', '# C'),
      () => fs.rm(path.join(dir, 'site/docs/b.md')),
      () => write('templates/page.tsx', 'export default 2;'),
      () => write('shared/note.ts', 'export const n = 2;'),
      () => write('build/index.html', '<p>B</p><p>B</p>'),
      () => write('build/extra.html', ''),
      () => fs.utimes(path.join(dir, 'build/index.html'), new Date(), new Date(Date.now() - 5000)),
      () => fs.rm(path.join(dir, 'build/index.html')),
    ];
    for (const change of changes) {
      await record([path.join(dir, 'shared/note.ts')]);
      expect(await unchanged(key)).toBeDefined();
      await change();
      expect(await unchanged(key), String(change)).toBeUndefined();
    }
  });

  it('is looked up by the settings and the output folder', async () => {
    await record();
    expect(await unchanged({ ...key, settings: { baseUrl: '/docs/' } })).toBeUndefined();
    expect(await unchanged({ ...key, outDir: path.join(dir, 'elsewhere') })).toBeUndefined();
  });

  it('is not kept when a file read was saved after the build started', async () => {
    // The build started a minute ago; the files were written just now, while it ran.
    await recordBuild(
      key,
      await lastBuildRecord(key),
      [],
      { startedAt: Date.now() - 60_000, output: await output() },
      report,
    );
    expect(await unchanged(key)).toBeUndefined();
  });

  it('is not kept when another build swapped its output in after this one', async () => {
    const ours = await output();
    // `portal serve` rebuilding the same folder puts its own in place.
    await fs.rename(path.join(dir, 'build'), path.join(dir, 'build.old'));
    await write('build/index.html', '<p>A</p>');
    await recordBuild(
      key,
      await lastBuildRecord(key),
      [],
      { startedAt: Date.now() + MTIME_SLACK_MS + 1000, output: ours },
      report,
    );
    expect(await unchanged(key)).toBeUndefined();
  });
});
