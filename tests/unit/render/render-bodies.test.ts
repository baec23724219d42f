import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerBundle } from '../../../src/bundle/server.ts';
import { renderBodies } from '../../../src/render/render-bodies.ts';
import type { SiteData } from '../../../templates/types.ts';

// A stand-in for the server bundle: same exports, a renderer that says which thread rendered each route.
const BUNDLE = `import { isMainThread } from 'node:worker_threads';
export const modules = Array.from({ length: 400 }, (_, i) => ({ page: { path: '/p' + i }, fail: i === 321 }));
export function renderRoute({ module, site }) {
  const until = performance.now() + 1; // about as slow as a real page, so the worker gets a share
  while (performance.now() < until);
  if (module.fail) throw new Error('component threw for ' + module.page.path);
  return '<h1>' + site.title + ' ' + module.page.path + '</h1><!--' + (isMainThread ? 'main' : 'worker') + '-->';
}
`;

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

  it('renders every route in order, sharing large sites between the main thread and a worker', async () => {
    const results = await renderBodies(bundle, { title: 'Site' } as SiteData);
    expect(results).toHaveLength(400);
    results.forEach((r, i) => {
      if (i === 321) return;
      expect(r).toEqual({ html: expect.stringContaining(`<h1>Site /p${i}</h1>`) });
    });
    const threads = new Set(results.flatMap((r) => ('html' in r ? [/<!--(\w+)-->/.exec(r.html)?.[1]] : [])));
    expect(threads).toEqual(new Set(['main', 'worker']));
    // A route that throws (on whichever thread) comes back as that route's error, not as a crash.
    expect(results[321]).toEqual({ error: expect.objectContaining({ message: 'component threw for /p321' }) });
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('render-worker'))).toEqual([]);
  });

  it('takes each page from the route table when the bundle leaves the data out, on both threads (issue 5)', async () => {
    const dataless: ServerBundle = { ...bundle, modules: bundle.modules.map(({ page: _page, ...rest }) => rest) };
    const pages = bundle.modules.map((_, i) => ({ path: `/from-memory/${i}` }) as never);
    const results = await renderBodies(dataless, { title: 'Site' } as SiteData, pages);
    results.forEach((r, i) => {
      if (i !== 321) expect(r).toEqual({ html: expect.stringContaining(`<h1>Site /from-memory/${i}</h1>`) });
    });
    expect(new Set(results.flatMap((r) => ('html' in r ? [/<!--(\w+)-->/.exec(r.html)?.[1]] : [])))).toEqual(new Set(['main', 'worker']));
  });

  it('renders small sites on the main thread only', async () => {
    const small: ServerBundle = { ...bundle, modules: bundle.modules.slice(0, 10) };
    const results = await renderBodies(small, { title: 'Site' } as SiteData);
    expect(results.map((r) => ('html' in r ? /<!--(\w+)-->/.exec(r.html)?.[1] : 'error'))).toEqual(Array(10).fill('main'));
  });
});
