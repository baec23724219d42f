import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPendingBuild } from '../../../src/serve/pending-build.ts';
import { createStaticServer, listen } from '../../../src/serve/static-server.ts';

// `serve` answers the client files of a build still under way from memory, so an open page can take an edit
// before the pages are rendered and the output is written (issue 16).

describe('the static server with pending files', () => {
  let dir: string;
  let origin: string;
  let server: ReturnType<typeof createStaticServer>;
  const pending = createPendingBuild();
  pending.addFiles([
    { path: '_portal/c/page-ABCDEFGH.js', contents: 'export const text = "new";' },
    { path: '_portal/manifest-1234abcd.json', contents: '{"/docs/intro":"/site/_portal/c/page-ABCDEFGH.js"}' },
  ]);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pending-'));
    await fs.mkdir(path.join(dir, '_portal', 'c'), { recursive: true });
    await fs.writeFile(path.join(dir, '_portal', 'c', 'page-ABCDEFGH.js'), 'export const text = "old";');
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
    server = createStaticServer({ root: dir, baseUrl: '/site/', pending: async (p) => pending.find(p) });
    origin = (await listen(server, 0, '127.0.0.1')).url;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers a pending file before the output folder, with its type and cache policy', async () => {
    const chunk = await fetch(`${origin}/site/_portal/c/page-ABCDEFGH.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await chunk.text()).toBe('export const text = "new";');
    const manifest = await fetch(`${origin}/site/_portal/manifest-1234abcd.json`);
    expect(manifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await manifest.json()).toEqual({ '/docs/intro': '/site/_portal/c/page-ABCDEFGH.js' });
  });

  it('serves the output folder for everything else, and nothing pending outside the base URL', async () => {
    expect(await (await fetch(`${origin}/site/`)).text()).toContain('<title>Home</title>');
    expect((await fetch(`${origin}/_portal/manifest-1234abcd.json`)).status).toBe(404);
    pending.clear();
    expect(await (await fetch(`${origin}/site/_portal/c/page-ABCDEFGH.js`)).text()).toBe('export const text = "old";');
  });
});

describe('pages of the build under way, rendered on request', () => {
  const renderer = (label: string, calls: string[]) => (file: string) => {
    calls.push(`${label}:${file}`);
    return file === 'docs/intro/index.html' || file === 'index.html'
      ? { path: file, contents: `<h1>${label} ${file}</h1>` }
      : undefined;
  };

  it("renders a page once its locale's renderer is there, once per build, by any spelling of its path", async () => {
    const calls: string[] = [];
    const pending = createPendingBuild();
    expect(pending.find('/docs/intro')).toBeUndefined();
    const more = pending.changed();
    pending.addPages('', renderer('en', calls));
    await more;
    pending.addPages('fr/', renderer('fr', calls));
    expect(pending.find('/docs/intro')?.contents).toBe('<h1>en docs/intro/index.html</h1>');
    expect(pending.find('/docs/intro/')?.path).toBe('docs/intro/index.html');
    expect(pending.find('/')?.contents).toBe('<h1>en index.html</h1>');
    expect(pending.find('/fr/docs/intro')).toEqual({
      path: 'fr/docs/intro/index.html',
      contents: '<h1>fr docs/intro/index.html</h1>',
    });
    expect(pending.find('/docs/missing')).toBeUndefined();
    expect(calls.filter((c) => c === 'en:docs/intro/index.html')).toHaveLength(1);
    pending.clear();
    expect(pending.find('/docs/intro')).toBeUndefined();
  });
});
