import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoutePage } from '../../../src/bundle/route-modules.ts';
import type { ServerBundle } from '../../../src/bundle/server.ts';
import { renderBodiesCached } from '../../../src/render/body-cache.ts';
import { loadBodyCache, saveBodyCache } from '../../../src/render/body-disk-cache.ts';
import type { Route } from '../../../src/routes/route.ts';
import type { PageData, SiteData } from '../../../templates/shared/types.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bodies-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const rendered: string[] = [];
const bundle: ServerBundle = {
  modules: new Map(['/a', '/b'].map((p) => [p, { Template: null } as never])),
  renderRoute: ({ module }) => {
    const page = (module as { page: PageData }).page;
    rendered.push(page.title);
    return `<h1 id="t">${page.title}</h1>`;
  },
  registerStaticTrees: () => undefined,
  staticTrees: {},
};
const site = { title: 'Site' } as SiteData;
let sidebar = [{ type: 'link', label: 'One', href: '/a' }];
// Both pages share one sidebar array, as route-modules.ts gives them.
const pages = (b: string): RoutePage[] =>
  ['/a', '/b'].map((p) => ({
    route: { path: p, template: 'DocPage', body: { type: 'none' } } as Route,
    page: { title: p === '/b' ? b : 'A', sidebar } as unknown as PageData,
  }));

/** One `portal build`'s render stage as build-locale.ts runs it: bodies from disk, the new ones written back. */
const buildOnce = async (codeHash: string, b = 'B') => {
  rendered.length = 0;
  const cache = await loadBodyCache(dir, '/site', undefined);
  const bodies = await renderBodiesCached(cache, codeHash, pages(b), bundle, site);
  await saveBodyCache(cache);
  return { rendered: [...rendered], html: [...bodies.values()].map((r) => ('html' in r ? r.html : 'error')) };
};

describe('rendered bodies kept on disk between builds', () => {
  it('are reused only for pages whose data and server code are unchanged', async () => {
    expect(await buildOnce('code-1')).toEqual({
      rendered: ['A', 'B'],
      html: ['<h1 id="t">A</h1>', '<h1 id="t">B</h1>'],
    });
    // The next process: nothing changed, nothing rendered, the same bodies.
    expect(await buildOnce('code-1')).toEqual({ rendered: [], html: ['<h1 id="t">A</h1>', '<h1 id="t">B</h1>'] });
    // One page's data: only that page.
    expect((await buildOnce('code-1', 'B2')).rendered).toEqual(['B2']);
    // The server bundle's code (a template, a site page): every page.
    expect((await buildOnce('code-2', 'B2')).rendered).toEqual(['A', 'B2']);
    // The sidebar both pages show: both.
    sidebar = [{ type: 'link', label: 'Renamed', href: '/a' }];
    expect((await buildOnce('code-2', 'B2')).rendered).toEqual(['A', 'B2']);
    expect((await buildOnce('code-2', 'B2')).rendered).toEqual([]);
    // Another site folder has bodies of its own.
    expect((await loadBodyCache(dir, '/other-site', undefined)).entries.size).toBe(0);
  });
});
