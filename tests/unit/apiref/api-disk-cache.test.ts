import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiCache, flushApiCache, loadApiCached } from '../../../src/apiref/api-cache.ts';
import type { ApiContribution } from '../../../src/apiref/contribution.ts';
import { loadApiReference, type LoadApiOptions } from '../../../src/apiref/load.ts';
import { configSchema } from '../../../src/config/schema.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-disk-cache-'));
const dir = path.join(root, 'cache');
afterAll(() => fs.rm(root, { recursive: true, force: true }));

// A description link (located by a JSON pointer) and a schema that can never be finite (a warning with a line).
const main = (summary: string) => `openapi: 3.0.3
info: { title: Shop, version: '1' }
paths:
  /things:
    get:
      summary: ${summary}
      description: See [the guide](/docs/guide).
      operationId: listThings
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: './schemas.yaml#/Thing' }
components:
  schemas:
    Loop:
      type: object
      required: [next]
      properties:
        next: { $ref: '#/components/schemas/Loop' }
`;
const schemas = (field: string) => `Thing:\n  type: object\n  properties:\n    ${field}: { type: string }\n`;
const config = configSchema.parse({ title: 'T', url: 'https://x.example', openapi: { path: 'openapi/shop.yaml' } });

let loads = 0;
const counting = (o: LoadApiOptions) => (loads++, loadApiReference(o));
/** A load as a new `portal build` makes it: nothing in memory, the disk cache in `dir`. */
const load = (options: Partial<LoadApiOptions> = {}) =>
  loadApiCached(createApiCache(), { root, config, ...options }, counting, { dir });
const entries = async () => (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith('.api'));
const page = (api: ApiContribution) => JSON.stringify(api.routes.find((r) => r.kind === 'api-operation')?.page);
/** The contribution as the later stages see it: its data, and where each link's `locate` finds it. */
const seen = (api: ApiContribution) => ({
  data: JSON.stringify(api),
  located: api.routes.flatMap((r) => r.links.map((l) => l.locate?.())),
});

beforeEach(async () => {
  loads = 0;
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(root, 'openapi'), { recursive: true });
  await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('List things'));
  await fs.writeFile(path.join(root, 'openapi/schemas.yaml'), schemas('name'));
});

describe('the API reference kept on disk between builds', () => {
  it('is read back on the next build, the same as when it was made: data, warnings and link locations', async () => {
    const first = await load();
    expect(first.diagnostics.map((d) => [d.code, d.line])).toEqual([['openapi-endless-schema', 17]]);
    const again = await load();
    expect(loads).toBe(1);
    expect(await entries()).toHaveLength(1);
    expect(seen(again)).toEqual(seen(first));
    expect(seen(again).located).toEqual([{ line: 7, column: 7 }]);
  });

  it('is built again when a file reached through $ref or the document itself changes', async () => {
    await load();
    await fs.writeFile(path.join(root, 'openapi/schemas.yaml'), schemas('title'));
    expect(page(await load())).toContain('title');
    expect(loads).toBe(2);
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('List every thing'));
    expect(page(await load())).toContain('List every thing');
    expect(loads).toBe(3);
    // An edited document replaces its entry: same options, same code.
    expect(await entries()).toHaveLength(1);
    await fs.rm(path.join(root, 'openapi/schemas.yaml'));
    expect((await load()).diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(loads).toBe(4);
  });

  it('is built again for other options', async () => {
    await load();
    await load({ override: 'openapi/shop.yaml' });
    const elsewhere = configSchema.parse({ ...config, openapi: { ...config.openapi, routeBasePath: '/reference' } });
    const moved = await load({ config: elsewhere });
    expect(loads).toBe(3);
    expect(moved.routes[0]?.path).toBe('/reference');
  });

  it('ignores an entry that is corrupt or cut short, and builds the reference again', async () => {
    const fresh = seen(await load());
    const [name] = await entries();
    const file = path.join(dir, name as string);
    const bytes = await fs.readFile(file);
    const flipped = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 2);
    flipped[at] = (flipped[at] as number) ^ 0x20;
    for (const broken of [flipped, bytes.subarray(0, at), Buffer.from('not an entry'), Buffer.alloc(0)]) {
      await fs.writeFile(file, broken);
      expect(seen(await load())).toEqual(fresh);
    }
    expect(loads).toBe(5);
    // The rebuilt entry is whole again.
    await load();
    expect(loads).toBe(5);
  });

  it('keeps the 24 most recently used entries, and no temporary file of a write that was stopped', async () => {
    await fs.mkdir(dir, { recursive: true });
    const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);
    for (let i = 1; i <= 30; i++) {
      await fs.writeFile(path.join(dir, `old-${i}.api`), 'an entry of another document');
      await fs.utimes(path.join(dir, `old-${i}.api`), hoursAgo(i), hoursAgo(i));
    }
    await fs.writeFile(path.join(dir, 'stopped.api.1.x.tmp'), '');
    await fs.utimes(path.join(dir, 'stopped.api.1.x.tmp'), hoursAgo(2), hoursAgo(2));
    await fs.writeFile(path.join(dir, 'writing.api.2.y.tmp'), '');
    await load();
    const left = await fs.readdir(dir);
    expect(left.filter((f) => f.endsWith('.api'))).toHaveLength(24);
    // The entry just written, then the 23 most recent of the others.
    expect(left).toContain('old-23.api');
    expect(left).not.toContain('old-24.api');
    expect(left.filter((f) => f.endsWith('.tmp'))).toEqual(['writing.api.2.y.tmp']);
    await load();
    expect(loads).toBe(1);
  });

  it('keeps no document with errors', async () => {
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), 'openapi: 3.0.3\ninfo: {}\npaths: {}\n');
    expect((await load()).diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(await entries()).toEqual([]);
    await load();
    expect(loads).toBe(2);
  });
});

describe('a build with the API reference from the disk cache', () => {
  it('writes the same output as the build that made the entry, with an empty cache', async () => {
    const { build } = await import('../../../src/commands/build.ts');
    const { createCompileCache } = await import('../../../src/content/compile-pool.ts');
    const { fixtureDir, memoryLogger } = await import('../../helpers/fixtures.ts');
    const work = path.join(root, 'work');
    // The API reference is cached in the compile cache's folder: here, one of this test's, empty at first.
    const once = async () => {
      const r = await build({
        root: fixtureDir('api-shop'),
        write: false,
        log: memoryLogger(),
        cache: createCompileCache(path.join(work, 'cache')),
      });
      return { files: r.files.map((f) => [f.path, f.contents]), warnings: r.warnings };
    };
    const fresh = await once();
    const [name] = await fs.readdir(path.join(work, 'cache', 'api'));
    const entry = path.join(work, 'cache', 'api', name as string);
    const written = await fs.stat(entry);
    expect(await once()).toEqual(fresh);
    // Read, not made again: the same file, marked as used.
    const read = await fs.stat(entry);
    expect(read.ino).toBe(written.ino);
    expect(read.mtimeMs).toBeGreaterThanOrEqual(written.mtimeMs);
  }, 60_000);
});

// serve keeps the newest reference on disk once quiet (or when it stops), not at every save of the document.
describe('the disk entry of a serve session', () => {
  it('is written once the session is quiet or when it stops, not at each save', async () => {
    const session = createApiCache({ writeQuietMs: 60_000 });
    const serveLoad = () => loadApiCached(session, { root, config }, counting, { dir });
    expect(page(await serveLoad())).toContain('List things');
    expect(await entries()).toEqual([]);
    await flushApiCache(session);
    expect(await entries()).toHaveLength(1);
    // An edit: built again, and its entry waits for the quiet again; the next run of `portal build` finds the last.
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), main('List every thing'));
    expect(page(await serveLoad())).toContain('List every thing');
    expect(loads).toBe(2);
    await flushApiCache(session);
    expect(page(await load())).toContain('List every thing');
    expect(loads).toBe(2);
  });
});
