import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/commands/build.ts';
import { fixtureDocuments } from '../../../src/bench/api.ts';
import { createCompileCache } from '../../../src/content/compile-pool.ts';
import { createPreviewState, disposePreviewState } from '../../../src/serve/preview-state.ts';
import { memoryLogger, projectRoot, sharedDir } from '../../helpers/fixtures.ts';

const SHARED = path.join(sharedDir, 'fixtures/openapi');

// Every document, Stripe's included (417 operations, 527 pages, 73 recursive schemas): the largest, ~14 s of this
// file on a loaded 2-core machine. It was left out while the suite rendered with React's development build
// (NODE_ENV=test), which took its render stage from ~7 s to 23-109 s: vitest.config.ts now renders as the CLI does.
const all = await fixtureDocuments(SHARED);

// The portal's guides are compiled once for all previews, through the disk cache every build of the portal uses
// (keyed on the sources and the compiler): each document costs one build of the rest.
const cache = createCompileCache(path.join(projectRoot, '.portal', 'cache'));
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-preview-corpus-'));
// And one after another like the rebuilds of `portal serve --openapi` as its document changes: the bundler's
// contexts, the rendered guide pages and the compile workers are kept from one preview to the next, so each costs
// what its document adds (the suite runs this file beside another on two cores: 102 s on a clean clone without it).
const kept = createPreviewState();
afterAll(async () => {
  await disposePreviewState(kept);
  await fs.rm(scratch, { recursive: true, force: true });
});

/**
 * Previews `file` with a site (the portal's own by default) into a fresh folder, then checks what a user of the output would
 * notice (issue 14 Deliver 2, issue 20 item 5): the build passes; no log line is a wall of text; every written
 * name fits every file system; nothing lands outside the output folder; no page is over 1 MB of HTML.
 */
async function preview(
  name: string,
  file: string,
  root = projectRoot,
): Promise<BuildResult & { log: ReturnType<typeof memoryLogger>; outDir: string }> {
  const parent = await fs.mkdtemp(path.join(scratch, `${name}-`));
  const outDir = path.join(parent, 'build');
  const log = memoryLogger();
  const started = performance.now();
  const result = await build({
    root,
    openapi: file,
    outDir,
    log,
    cache,
    ...(root === projectRoot ? { preview: kept } : {}),
  });
  console.log(`preview ${name}: ${Math.round(performance.now() - started)} ms, ${result.table.routes.length} routes`);

  expect(log.lines.filter((l) => l.length > 2000).map((l) => l.slice(0, 200))).toEqual([]);
  // Nothing written beside the output folder (a temporary folder of the write stage would have gone too).
  expect(await fs.readdir(parent)).toEqual(['build']);
  const written = await fg('**/*', { cwd: outDir, onlyFiles: false, dot: true, followSymbolicLinks: false });
  expect(written.flatMap((p) => p.split('/')).filter((n) => Buffer.byteLength(n) >= 200)).toEqual([]);
  for (const rel of written) {
    const real = await fs.realpath(path.join(outDir, rel));
    expect(path.relative(await fs.realpath(outDir), real).startsWith('..'), rel).toBe(false);
  }
  const pages = await fg('**/*.html', { cwd: outDir, stats: true });
  expect(
    pages.filter((p) => (p.stats?.size ?? 0) > 1024 * 1024).map((p) => `${p.path}: ${p.stats?.size} bytes`),
  ).toEqual([]);
  return { ...result, log, outDir };
}

describe.skipIf(all.length === 0)('previewing each shared OpenAPI document with the portal (--openapi)', () => {
  it('finds one document per folder', async () => {
    const folders = (await fs.readdir(SHARED, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(all.map(([name]) => name).sort()).toEqual(folders.sort());
  });

  it.each(all)(
    "%s: builds, with the guides' links into the replaced reference as warnings",
    async (name, file) => {
      const result = await preview(name, file);
      const operations = result.table.routes.filter((r) => r.kind === 'api-operation');
      expect(operations.length).toBeGreaterThanOrEqual(1);
      expect(result.table.routes.some((r) => r.kind === 'api-intro' && r.path === '/docs/api')).toBe(true);
      const html = await fs.readFile(path.join(result.outDir, `${operations[0]?.path.slice(1)}/index.html`), 'utf8');
      expect(html).toContain('class="badge method-');
      expect(result.files.some((f) => /^openapi\/.+\.json$/.test(f.path))).toBe(true);

      // One grouped warning per guide that links into the business API reference, naming the guide.
      const grouped = result.warnings.filter((w) => w.code === 'link-preview-reference');
      expect(grouped.length).toBeGreaterThan(0);
      expect(grouped.every((w) => w.file?.startsWith(path.join(projectRoot, 'site/docs/')))).toBe(true);
      expect(new Set(grouped.map((w) => w.file)).size).toBe(grouped.length);
      expect(result.log.text()).toMatch(
        /site\/docs\/.+\.mdx\n.*\d+ links? into the API reference that --openapi replaced/,
      );
      // A previewed document's links into its own site (asana's `/docs/...`) are checked, but only warn.
      const descriptionLinks = result.warnings.filter((w) => / in the description at #\//.test(w.message));
      expect(descriptionLinks.every((w) => w.severity === 'warning' && w.file === file)).toBe(true);
      expect(
        result.warnings.filter(
          (w) => !['openapi-slug-taken', 'link-preview-reference'].includes(w.code) && !descriptionLinks.includes(w),
        ),
      ).toEqual([]);
      await fs.rm(path.dirname(result.outDir), { recursive: true, force: true });
    },
    180_000,
  );

  it('previews a generated document of kilobyte-long summaries, operation ids and tag names', async () => {
    const long = (seed: string, n: number) => `${seed} ${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}`;
    const tags = ['Alpha', 'Beta'].map((t) => long(`${t} tag`, 500));
    // Two summaries alike for their first few kilobytes: their capped names must still differ.
    const summaries = [
      long('List everything', 700),
      `${long('List everything', 700)} but differently`,
      long('Create something', 900),
    ];
    const paths = Object.fromEntries(
      summaries.map((summary, i) => [
        `/things/${i}`,
        {
          get: {
            summary,
            operationId: `op${i}${'X'.repeat(3000)}`,
            tags: [tags[i % 2]],
            responses: { '200': { description: long('OK', 400) } },
          },
        },
      ]),
    );
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Generated', version: '1' },
      tags: tags.map((name) => ({ name, description: `## ${long('Heading', 600)}\n\ntext` })),
      paths,
    };
    const file = path.join(scratch, 'generated.json');
    await fs.writeFile(file, JSON.stringify(doc));
    expect(summaries[0]?.length).toBeGreaterThan(4000);

    const result = await preview('generated', file);
    const operations = result.table.routes.filter((r) => r.kind === 'api-operation');
    const tagPages = result.table.routes.filter((r) => r.kind === 'api-tag');
    expect(operations).toHaveLength(3);
    expect(tagPages).toHaveLength(2);
    for (const r of [...operations, ...tagPages]) expect(path.posix.basename(r.path).length).toBeLessThanOrEqual(80);
    expect(new Set(operations.map((r) => r.path)).size).toBe(3);
    // The page keeps the whole summary as its title; only its name is short.
    expect(operations.map((r) => r.page.title).sort()).toEqual([...summaries].sort());
    expect(result.warnings.filter((w) => w.code !== 'link-preview-reference')).toEqual([]);
  }, 180_000);
});
