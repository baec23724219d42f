import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Route } from '../../../src/routes/route.ts';
import { buildSiteSearch } from '../../../src/search/site-search.ts';
import type { PageData } from '../../../templates/shared/types.ts';

const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-search-cache-'));
afterAll(() => fs.rm(cacheDir, { recursive: true, force: true }));

const route = {
  path: '/docs/a',
  kind: 'doc',
  template: 'DocPage',
  body: { type: 'none' },
  page: { path: '/docs/a', kind: 'doc', title: 'Alpha', toc: [] } as unknown as PageData,
} as unknown as Route;
const search = (text: string, dir?: string) =>
  buildSiteSearch(
    {
      routes: [route],
      documents: [{ path: 'docs/a/index.html', contents: `<html><body><main><p>${text}</p></main></body></html>` }],
      trailingSlash: undefined,
      versions: [],
    },
    dir,
  );
const bytes = (files: Awaited<ReturnType<typeof search>>) => files.map((f) => [f.path, String(f.contents)]);

// Issue 17 item 1: a warm build takes the index files from disk when every page reads the same.
describe('the search index kept between builds', () => {
  it('is the index a build without caches makes, and is made again when a page reads differently', async () => {
    const first = await search('zebra crossing', cacheDir);
    expect(bytes(first)).toEqual(bytes(await search('zebra crossing')));
    expect(bytes(await search('zebra crossing', cacheDir))).toEqual(bytes(first));
    expect(await fs.readdir(cacheDir)).toHaveLength(1);
    const edited = await search('yak shaving', cacheDir);
    expect(bytes(edited)).toEqual(bytes(await search('yak shaving')));
    expect(bytes(edited)).not.toEqual(bytes(first));
    expect(JSON.stringify(bytes(edited))).toContain('yak');
  });
});
