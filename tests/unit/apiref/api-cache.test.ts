import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiCache, loadApiCached } from '../../../src/apiref/api-cache.ts';
import { loadApiReference, type LoadApiOptions } from '../../../src/apiref/load.ts';
import { configSchema } from '../../../src/config/schema.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-cache-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const main = (summary: string) => `openapi: 3.0.3
info: { title: Shop, version: '1' }
paths:
  /things:
    get:
      summary: ${summary}
      operationId: listThings
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: './schemas.yaml#/Thing' }
`;
const schemas = (field: string) => `Thing:\n  type: object\n  properties:\n    ${field}: { type: string }\n`;

describe('the API reference kept between rebuilds of serve', () => {
  it('is reused while the document and every file it references are unchanged, and built again when one changes', async () => {
    await fs.mkdir(path.join(root, 'openapi'));
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('List things'));
    await fs.writeFile(path.join(root, 'openapi/schemas.yaml'), schemas('name'));
    const config = configSchema.parse({ title: 'T', url: 'https://x.example', openapi: { path: 'openapi/shop.yaml' } });
    const cache = createApiCache();
    let loads = 0;
    const counting = (o: LoadApiOptions) => (loads++, loadApiReference(o));
    const load = (options: Partial<LoadApiOptions> = {}) =>
      loadApiCached(cache, { root, config, ...options }, counting);
    const page = (api: Awaited<ReturnType<typeof load>>) =>
      JSON.stringify(api.routes.find((r) => r.kind === 'api-operation')?.page);

    const first = await load();
    expect(first.diagnostics).toEqual([]);
    expect(page(first)).toContain('List things');
    const again = await load();
    expect(loads).toBe(1);
    expect(again).toBe(first);

    // A file reached through $ref is part of the key, not only the entry document.
    await fs.writeFile(path.join(root, 'openapi/schemas.yaml'), schemas('title'));
    expect(page(await load())).toContain('title');
    expect(loads).toBe(2);
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('List every thing'));
    expect(page(await load())).toContain('List every thing');
    expect(loads).toBe(3);
    // Other options (another document previewed) are another entry.
    await load({ override: 'openapi/shop.yaml' });
    expect(loads).toBe(4);
  });

  it('gives a rebuild the same output as a fresh build', async () => {
    const { build } = await import('../../../src/commands/build.ts');
    const { fixtureDir, memoryLogger } = await import('../../helpers/fixtures.ts');
    const { createPreviewState, disposePreviewState } = await import('../../../src/serve/preview-state.ts');
    const preview = createPreviewState();
    const apiCache = preview.api;
    const once = () =>
      build({ root: fixtureDir('api-shop'), write: false, log: memoryLogger(), preview, diskCache: false });
    const fresh = await once();
    const rebuilt = await once();
    expect(apiCache.entries.size).toBe(1);
    expect(rebuilt.files.map((f) => [f.path, f.contents])).toEqual(fresh.files.map((f) => [f.path, f.contents]));
    const plain = await build({ root: fixtureDir('api-shop'), write: false, log: memoryLogger(), diskCache: false });
    expect(rebuilt.files.map((f) => [f.path, f.contents])).toEqual(plain.files.map((f) => [f.path, f.contents]));
    await disposePreviewState(preview);
  }, 60_000);

  it('takes the highlighted code samples of serve’s last build where the code is the same', async () => {
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('Samples'));
    const config = configSchema.parse({ title: 'T', url: 'https://x.example', openapi: { path: 'openapi/shop.yaml' } });
    const cache = createApiCache({ keepSamples: true });
    const samples = async () => {
      const api = await loadApiCached(cache, { root, config }, loadApiReference);
      const page = api.routes.find((r) => r.kind === 'api-operation')?.page as unknown as {
        data: { codeSamples: Array<{ lang: string; html: { __html: string } }> };
      };
      return page.data.codeSamples.map((s) => s.html);
    };
    const first = await samples();
    expect(first.length).toBeGreaterThan(2);
    expect(first[0]?.__html).toContain('<span class="token');
    // The summary does not enter the samples: the same objects. The path does: highlighted again.
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('Samples, edited'));
    const second = await samples();
    second.forEach((html, i) => {
      expect(html).toBe(first[i]);
    });
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('Samples').replace('/things:', '/items:'));
    const third = await samples();
    expect(third[0]).not.toBe(first[0]);
    expect(third[0]?.__html).toContain('items');
    expect(cache.samples?.byCode.size).toBe(third.length);
  });

  it('keeps no document with errors: the next build reads it again', async () => {
    await fs.writeFile(path.join(root, 'broken.yaml'), 'openapi: 3.0.3\ninfo: {}\npaths: {}\n');
    const config = configSchema.parse({ title: 'T', url: 'https://x.example', openapi: { path: 'broken.yaml' } });
    const cache = createApiCache();
    const first = await loadApiCached(cache, { root, config }, loadApiReference);
    expect(first.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(cache.entries.size).toBe(0);
  });
});
