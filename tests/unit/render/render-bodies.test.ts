import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePage } from '../../../src/bundle/route-modules.ts';
import type { ServerBundle } from '../../../src/bundle/server.ts';
import { batchSize, type BodyResult, fromWorker, rawIds, renderBodies } from '../../../src/render/render-bodies.ts';
import type { Route } from '../../../src/routes/route.ts';
import type { PageData, SiteData } from '../../../templates/shared/types.ts';

// A stand-in for the server bundle: same exports, a renderer that says which thread rendered each route.
const BUNDLE = `import { isMainThread } from 'node:worker_threads';
export const modules = new Map(Array.from({ length: 400 }, (_, i) => ['/p' + i, { fail: i === 321 }]));
export function renderRoute({ module, site }) {
  const until = performance.now() + 1; // about as slow as a real page, so the worker gets a share
  while (performance.now() < until);
  if (module.fail) throw new Error('component threw for ' + module.page.path);
  return '<h1 id="t' + module.page.path.length + '">' + site.title + ' ' + module.page.path + '</h1><p id="a&amp;b"></p><!--' + (isMainThread ? 'main' : 'worker') + '-->';
}
`;

/** Routes /p0 … /p<count - 1> with their page data, as the route modules stage hands them over. */
const routePages = (count: number, pagePath = (routePath: string) => routePath): RoutePage[] =>
  Array.from({ length: count }, (_, i) => ({
    route: { path: `/p${i}` } as Route,
    page: { path: pagePath(`/p${i}`) } as PageData,
  }));
const threadOf = (r: BodyResult | undefined) => (r && 'html' in r ? /<!--(\w+)-->/.exec(r.html)?.[1] : 'error');

describe('renderBodies', () => {
  let dir: string;
  let bundle: ServerBundle;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-render-'));
    const file = path.join(dir, 'server.mjs');
    await fs.writeFile(file, BUNDLE);
    bundle = { ...((await import(pathToFileURL(file).href)) as ServerBundle), file };
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('renders every route, by path, sharing large sites between the main thread and a worker', async () => {
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData, routePages(400));
    expect(results.size).toBe(400);
    for (let i = 0; i < 400; i++) {
      if (i === 321) continue;
      expect(results.get(`/p${i}`)).toEqual({
        html: expect.stringContaining(`>Site /p${i}</h1>`),
        ids: [`t${`/p${i}`.length}`, 'a&amp;b'],
      });
    }
    expect(new Set([...results.values()].map(threadOf))).toEqual(new Set(['main', 'worker', 'error']));
    // A route that throws (on whichever thread) comes back as that route's error, not as a crash.
    expect(results.get('/p321')).toEqual({ error: expect.objectContaining({ message: 'component threw for /p321' }) });
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('render-worker'))).toEqual([]);
  });

  it('takes each page’s data from the records it is given, on both threads (issue 5)', async () => {
    const pages = routePages(400, (p) => `/from-memory${p}`);
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData, pages);
    for (const { route, page } of pages) {
      if (route.path !== '/p321')
        expect(results.get(route.path)).toEqual({
          html: expect.stringContaining(`>Site ${page.path}</h1>`),
          ids: expect.any(Array),
        });
    }
    expect(new Set([...results.values()].map(threadOf))).toEqual(new Set(['main', 'worker', 'error']));
  });

  it('gives a route missing from the server bundle an error of its own', async () => {
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData, [
      { route: { path: '/nowhere' } as Route, page: { path: '/nowhere' } as PageData },
    ]);
    expect(results.get('/nowhere')).toEqual({
      error: expect.objectContaining({ message: 'no server module for /nowhere' }),
    });
  });

  it('fails, rather than waiting forever, when a worker exits with batches unfinished', async () => {
    const file = path.join(dir, 'exiting.mjs');
    await fs.writeFile(
      file,
      BUNDLE.replace('if (module.fail)', 'if (!isMainThread) process.exit(3);\n  if (module.fail)'),
    );
    const exiting: ServerBundle = { ...((await import(pathToFileURL(file).href)) as ServerBundle), file };
    await expect(renderBodies(exiting, { title: 'Site' } as SiteData, routePages(400))).rejects.toThrow(
      /a render worker exited \(code 3\)/,
    );
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('render-worker'))).toEqual([]);
  });

  it('renders small sites on the main thread only', async () => {
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData, routePages(10));
    expect([...results.values()].map(threadOf)).toEqual(Array(10).fill('main'));
  });
});

describe('rawIds', () => {
  it('lists id attribute values in document order, as written (entities are decoded by the caller)', () => {
    expect(rawIds('<div id="__a"><h2 id="x&amp;y">T</h2><a href="#x" data-id="no"></a><p\nid="z"></p></div>')).toEqual([
      '__a',
      'x&amp;y',
      'z',
    ]);
    expect(rawIds('<p>no ids</p><p id="">empty</p>')).toEqual([]);
  });

  it('gives the same answer for a body built by concatenation as for the flat string', () => {
    let built = '';
    for (let i = 0; i < 500; i++) built += `<h3 id="s${i}">${i}</h3>`;
    expect(rawIds(built)).toEqual(Array.from({ length: 500 }, (_, i) => `s${i}`));
  });
});

describe('batchSize', () => {
  it('hands out full batches while plenty remain, then shrinks so the threads finish together', () => {
    expect(batchSize(1000, 2)).toBe(24);
    expect(batchSize(100, 2)).toBe(13);
    expect(batchSize(20, 2)).toBe(4);
    expect(batchSize(3, 2)).toBe(3);
    expect(batchSize(1, 2)).toBe(1);
  });

  it('always makes progress and never runs past the end', () => {
    for (const threads of [2, 3, 4]) {
      let remaining = 1014;
      while (remaining > 0) {
        const n = batchSize(remaining, threads);
        expect(n).toBeGreaterThan(0);
        expect(n).toBeLessThanOrEqual(remaining);
        remaining -= n;
      }
    }
  });
});

describe('fromWorker', () => {
  it('turns a worker answer back into a result, an error keeping its message and stack', () => {
    expect(fromWorker({ path: '/a', html: '<p id="a"></p>', ids: ['a'] })).toEqual({
      html: '<p id="a"></p>',
      ids: ['a'],
    });
    expect(fromWorker({ path: '/a', html: '' })).toEqual({ html: '', ids: [] });
    const failed = fromWorker({ path: '/a', error: 'boom', stack: 'Error: boom\n    at Page' });
    expect(failed).toEqual({ error: expect.objectContaining({ message: 'boom', stack: 'Error: boom\n    at Page' }) });
  });
});
