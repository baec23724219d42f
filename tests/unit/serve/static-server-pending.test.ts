import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../../src/serve/static-server.ts';

// `serve` answers the client files of a build still under way from memory, so an open page can take an edit
// before the pages are rendered and the output is written (issue 16).

describe('the static server with pending files', () => {
  let dir: string;
  let origin: string;
  let server: ReturnType<typeof createStaticServer>;
  const pending = new Map<string, string>([
    ['/_portal/c/page-ABCDEFGH.js', 'export const text = "new";'],
    ['/_portal/manifest-1234abcd.json', '{"/docs/intro":"/site/_portal/c/page-ABCDEFGH.js"}'],
  ]);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pending-'));
    await fs.mkdir(path.join(dir, '_portal', 'c'), { recursive: true });
    await fs.writeFile(path.join(dir, '_portal', 'c', 'page-ABCDEFGH.js'), 'export const text = "old";');
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
    server = createStaticServer({ root: dir, baseUrl: '/site/', pending: (p) => pending.get(p) });
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
