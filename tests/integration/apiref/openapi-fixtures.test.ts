import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/commands/build.ts';
import { fixtureDir, memoryLogger, sharedDir } from '../../helpers/fixtures.ts';

const SHARED = path.join(sharedDir, 'fixtures/openapi');

/** The main document of each fixture folder: the file that declares `openapi:` or `swagger:` at its top. */
async function documents(): Promise<Array<[string, string]>> {
  const files = (await fg('*/**/*.{yaml,yml,json}', { cwd: SHARED })).sort();
  const found: Array<[string, string]> = [];
  for (const rel of files) {
    const head = (await fs.readFile(path.join(SHARED, rel), 'utf8')).slice(0, 4000);
    if (/^(openapi|swagger)\s*:/m.test(head) || /"(openapi|swagger)"\s*:/.test(head)) found.push([rel.split('/')[0] as string, path.join(SHARED, rel)]);
  }
  return found;
}

const list = await documents().catch(() => []);

/** issue 5, item 4: every document in ../shared/fixtures/openapi builds, through `--openapi` (the build's `openapi` option). */
describe.skipIf(list.length === 0)('the shared OpenAPI fixtures', () => {
  it('finds one document per folder', async () => {
    const folders = (await fs.readdir(SHARED, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(list.map(([name]) => name).sort()).toEqual(folders.sort());
  });

  it.each(list)('%s builds with at least one operation page', async (_name, file) => {
    const log = memoryLogger();
    const result = await build({ root: fixtureDir('api-min'), openapi: file, write: false, log, diskCache: false });
    const operations = result.table.routes.filter((r) => r.kind === 'api-operation');
    expect(operations.length).toBeGreaterThanOrEqual(1);
    expect(result.table.routes.some((r) => r.kind === 'api-intro' && r.path === '/docs/api')).toBe(true);
    const html = result.files.find((f) => f.path === `${operations[0]?.path.slice(1)}/index.html`)?.contents;
    expect(String(html)).toContain('class="badge method-');
    expect(result.files.some((f) => /^openapi\/.+\.json$/.test(f.path))).toBe(true);
    // A previewed document's links into its own site (asana's `/docs/...`) are checked, but only warn.
    const descriptionLinks = result.warnings.filter((w) => / in the description at #\//.test(w.message));
    expect(descriptionLinks.every((w) => w.severity === 'warning' && w.file === file)).toBe(true);
    expect(result.warnings.filter((w) => w.code !== 'openapi-slug-taken' && !descriptionLinks.includes(w))).toEqual([]);
  }, 180_000);
});
