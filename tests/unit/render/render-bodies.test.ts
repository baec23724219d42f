import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommonJs } from '../../../src/bundle/load-bundle.ts';
import type { RoutePage } from '../../../src/bundle/route-modules.ts';
import type { ServerBundle } from '../../../src/bundle/server.ts';
import type { BodyResult } from '../../../src/render/render-body.ts';
import { batchSize, fromWorker, renderBodies, renderWorkerScript } from '../../../src/render/render-bodies.ts';
import type { Route } from '../../../src/routes/route.ts';
import type { PageData, SiteData } from '../../../templates/shared/types.ts';

// A stand-in for the server bundle (CommonJS, as esbuild writes it): same exports, a renderer that says which
// thread rendered each route.
const BUNDLE = `const { isMainThread } = require('node:worker_threads');
exports.modules = new Map(Array.from({ length: 600 }, (_, i) => ['/p' + i, { fail: i === 321 }]));
exports.registerStaticTrees = function registerStaticTrees() {};
exports.renderRoute = function renderRoute({ module, site }) {
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
    const file = path.join(dir, 'server.cjs');
    await fs.writeFile(file, BUNDLE);
    bundle = { ...(loadCommonJs(file) as ServerBundle), file, staticTrees: {} };
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('renders every route, by path, sharing large sites between the main thread and a worker', async () => {
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData, routePages(600));
    expect(results.size).toBe(600);
    for (let i = 0; i < 600; i++) {
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
    const pages = routePages(600, (p) => `/from-memory${p}`);
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

  it('fails, rather than waiting forever, when a worker exits with batches unfinished', async () => {
    const file = path.join(dir, 'exiting.cjs');
    await fs.writeFile(
      file,
      BUNDLE.replace('if (module.fail)', 'if (!isMainThread) process.exit(3);\n  if (module.fail)'),
    );
    const exiting: ServerBundle = { ...(loadCommonJs(file) as ServerBundle), file, staticTrees: {} };
    await expect(renderBodies(exiting, { title: 'Site' } as SiteData, routePages(600))).rejects.toThrow(
      /a render worker exited \(code 3\)/,
    );
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('render-worker'))).toEqual([]);
  });

  it('renders small sites on the main thread only', async () => {
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData, routePages(10));
    expect([...results.values()].map(threadOf)).toEqual(Array(10).fill('main'));
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

describe('renderWorkerScript', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-render-worker-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('uses the worker the launcher bundled beside the CLI bundle (issue 15 item 4)', async () => {
    const cli = path.join(dir, 'cli');
    await fs.mkdir(cli);
    await fs.writeFile(path.join(cli, 'render-worker.mjs'), '// bundled by bin/launch.js\n');
    const chunk = pathToFileURL(path.join(cli, 'chunk-ABC.js')).href;
    expect(await renderWorkerScript(dir, chunk)).toEqual({ file: path.join(cli, 'render-worker.mjs'), own: false });
  });

  it('bundles one of its own from the sources when there is none (tests, the tsx fallback)', async () => {
    for (const from of [pathToFileURL(path.join(dir, 'elsewhere', 'chunk.js')).href, undefined]) {
      const script = await renderWorkerScript(dir, from);
      expect(script.own).toBe(true);
      expect(path.dirname(script.file)).toBe(dir);
      const code = await fs.readFile(script.file, 'utf8');
      expect(code).toContain('render-worker must run on a worker thread');
      expect(code).not.toMatch(/\binterface\b|: RenderBatch/); // plain JS, types gone
      await fs.rm(script.file);
    }
  });
});
