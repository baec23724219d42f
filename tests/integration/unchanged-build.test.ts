import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOrKeep } from '../../src/commands/build.ts';
import { createCompileCache } from '../../src/content/compile-pool.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { portal, scenario } from '../helpers/scenario.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/**
 * Every file of the site as saved an hour ago: a build keeps no record of files saved just before or while it runs
 * (output/last-build.ts), and a test's edits are made just before its builds.
 */
async function saveEarlier(dir: string): Promise<void> {
  const earlier = new Date(Date.now() - 3_600_000);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && !path.join(e.parentPath, e.name).includes(`${path.sep}build${path.sep}`))
      .map((e) => fs.utimes(path.join(e.parentPath, e.name), earlier, earlier)),
  );
}

/** A copy of a fixture site, its own cache folder, and `portal build` of it as the CLI runs it. */
async function site(name: string, from: string, files: Record<string, string> = {}) {
  const dir = await scenario(name, files, from);
  const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), `portal-${name}-cache-`));
  made.push(dir, cacheDir);
  await saveEarlier(dir);
  const outDir = path.join(dir, 'build');
  return {
    dir,
    outDir,
    async build() {
      const log = memoryLogger();
      const outcome = await buildOrKeep({ root: dir, log, cache: createCompileCache(cacheDir) });
      return { outcome, log: log.text() };
    },
    /** Writes a file of the copy, as saved before the next build. */
    async edit(rel: string, change: (text: string) => string) {
      const file = path.join(dir, rel);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, change(await fs.readFile(file, 'utf8').catch(() => '')));
      await saveEarlier(dir);
    },
  };
}

/** Each output file with its modification time: a kept build leaves every one as it was. */
async function outputTimes(outDir: string): Promise<string[]> {
  const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.sort().map(async (f) => `${path.relative(outDir, f)} ${(await fs.stat(f)).mtimeMs}`));
}

// Issue 17 item 1: a rebuild with nothing changed keeps the output instead of making the same bytes again (0.5 s
// against 1.2 s on the portal); anything the build reads, or the output itself, changed since builds again.
describe('portal build with nothing changed since the last build', () => {
  it('keeps the output and prints the same report, and builds again after any change', async () => {
    const s = await site('unchanged-build', 'basic', {
      // A doc with no title: its warning is part of the report a kept build prints again.
      'site/docs/untitled.mdx': 'Text only, no heading.\n',
    });
    const first = await s.build();
    expect(first.outcome).toBe('built');
    expect(first.log).toContain('doc-untitled');
    const before = await outputTimes(s.outDir);

    const second = await s.build();
    expect(second.outcome).toBe('kept');
    expect(second.log).toContain('nothing changed since the last build, output kept');
    expect(second.log).toContain('doc-untitled');
    expect(second.log).toMatch(/\d+ routes \(.*\) → build\/ in .*1 warning/);
    expect(await outputTimes(s.outDir)).toEqual(before);

    // A doc's text.
    await s.edit('site/docs/intro.mdx', (t) => `${t}\nA paragraph added since.\n`);
    expect((await s.build()).outcome).toBe('built');
    expect(await fs.readFile(path.join(s.outDir, 'docs/intro/index.html'), 'utf8')).toContain(
      'A paragraph added since.',
    );
    expect((await s.build()).outcome).toBe('kept');

    // A new doc in a folder that had none.
    await s.edit('site/docs/more/added.md', () => '# Added later\n\nNew.\n');
    expect((await s.build()).outcome).toBe('built');
    await fs.access(path.join(s.outDir, 'docs/more/added/index.html'));
    expect((await s.build()).outcome).toBe('kept');

    // A static file, copied as it is.
    await s.edit('site/static/img/dot.svg', (t) => t.replace('</svg>', '<!-- changed --></svg>'));
    expect((await s.build()).outcome).toBe('built');
    expect(await fs.readFile(path.join(s.outDir, 'img/dot.svg'), 'utf8')).toContain('changed');

    // The output changed by hand: removed files come back.
    await fs.rm(path.join(s.outDir, 'about/index.html'));
    expect((await s.build()).outcome).toBe('built');
    await fs.access(path.join(s.outDir, 'about/index.html'));

    // The config is code: what it reads from the environment decides the build too (the CLI evaluates it afresh
    // each run; within one process an unchanged config's value is reused, config/load.ts).
    await s.edit('site/portal.config.ts', (t) =>
      t.replace(/title: '[^']*'/, "title: process.env.PORTAL_TEST_TITLE ?? 'Untitled'"),
    );
    const cli = async (title: string) => {
      process.env.PORTAL_TEST_TITLE = title;
      try {
        const run = await portal(s.dir, 'build');
        expect(run.exitCode, run.stderr).toBe(0);
        return run.stdout;
      } finally {
        delete process.env.PORTAL_TEST_TITLE;
      }
    };
    expect(await cli('First title')).not.toContain('nothing changed');
    expect(await cli('First title')).toContain('nothing changed since the last build');
    expect(await cli('Second title')).not.toContain('nothing changed');
    expect(await fs.readFile(path.join(s.outDir, 'index.html'), 'utf8')).toContain('Second title');
  }, 180_000);

  it('builds again when a file the OpenAPI document refers to changes', async () => {
    const s = await site('unchanged-build-api', 'api-shop');
    expect((await s.build()).outcome).toBe('built');
    expect((await s.build()).outcome).toBe('kept');
    // Outside the site folder, read only because the document's $ref names it.
    await s.edit('openapi/schemas/address.yaml', (t) => t.replace(/description: .*/, 'description: Where parcels go.'));
    expect((await s.build()).outcome).toBe('built');
    const entries = await fs.readdir(s.outDir, { recursive: true, withFileTypes: true });
    const texts = await Promise.all(
      entries.filter((e) => e.isFile()).map((e) => fs.readFile(path.join(e.parentPath, e.name), 'utf8')),
    );
    expect(texts.some((t) => t.includes('Where parcels go.'))).toBe(true);
    expect((await s.build()).outcome).toBe('kept');
  }, 120_000);
});
