import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { quietBuild, fixtureDir, memoryLogger } from '../helpers/fixtures.ts';
import { build } from '../../src/commands/build.ts';
import { scenario } from '../helpers/scenario.ts';
import { startServe } from '../helpers/serve-start.ts';
import type { PageRenderer } from '../../src/serve/pending-build.ts';
import { LIVE_RELOAD_PATH } from '../../src/serve/live-reload.ts';
import { openEvents } from '../helpers/live-events.ts';
import { createPendingBuild } from '../../src/serve/pending-build.ts';

// `serve` answers a page asked for during a rebuild by rendering it from the build under way (issue 16 item 2):
// the reader must get the very page the build then writes, in every locale.

describe('pages rendered on request during a build', () => {
  it('are byte for byte the pages the build writes, for the default locale and a translated one', async () => {
    const pending = createPendingBuild();
    const renderers: Array<{ prefix: string; render: PageRenderer }> = [];
    const result = await quietBuild({
      root: fixtureDir('locales-two'),
      write: false,
      liveReload: LIVE_RELOAD_PATH,
      onPagesReady: (prefix, render) => {
        renderers.push({ prefix, render });
        pending.addPages(prefix, render);
      },
    });
    expect(renderers.map((r) => r.prefix)).toEqual(['', 'fr/']);
    const pages = result.files.filter((f) => f.path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(4);
    for (const page of pages) {
      const urlPath = `/${page.path.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
      const onRequest = pending.find(urlPath);
      expect(onRequest?.path, urlPath).toBe(page.path);
      expect(String(onRequest?.contents), urlPath).toBe(String(page.contents));
    }
    expect(pending.find('/fr/docs/intro')?.contents).toContain('lang="fr-FR"');
  });
});

describe('portal serve at start', () => {
  // One site for both: the second starts again from the preview the first one wrote.
  let dir: string;
  beforeAll(async () => {
    dir = await scenario('serve-start', {});
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('answers the first page before the first build ends, and an edit saved meanwhile is not lost', async () => {
    const file = path.join(dir, 'site/docs/guides/first.md');
    const { announced, starting } = startServe(dir);
    try {
      const url = await announced;
      // The page can be asked for now; the build goes on rendering, checking and writing the rest.
      const first = await fetch(`${url}/docs/guides/first`);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain('First guide');
      const original = await fs.readFile(file, 'utf8');
      await fs.writeFile(file, original.replace('# First guide', '# First guide, saved during start'));
      await starting;
      await expect
        .poll(async () => (await fetch(`${url}/docs/guides/first`)).text(), { timeout: 30_000 })
        .toContain('First guide, saved during start');
    } finally {
      await (await starting.catch(() => undefined))?.close();
    }
  }, 60_000);

  it('at a restart, serves the last preview at once and then the first build; a `portal build` output is not served so', async () => {
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');
    const page = async (url: string) => (await fetch(`${url}/docs/guides/first`)).text();
    let running: ReturnType<typeof serve> | undefined;
    try {
      await fs.writeFile(file, original.replace('# First guide', '# First guide, edited while stopped'));
      const restart = startServe(dir);
      running = restart.starting;
      const url = await restart.announced;
      const first = await page(url);
      expect(first).toContain('First guide');
      expect(first).not.toContain('edited while stopped');
      await running;
      expect(await page(url)).toContain('First guide, edited while stopped');
      await (await running).close();

      // `portal build` writes pages that never connect to a preview: a start after it waits for its own build.
      await build({ root: dir, log: memoryLogger() });
      await fs.writeFile(file, original.replace('# First guide', '# First guide, edited after a build'));
      const afterBuild = startServe(dir);
      running = afterBuild.starting;
      expect(await page(await afterBuild.announced)).toContain('First guide, edited after a build');
    } finally {
      await (await running?.catch(() => undefined))?.close();
    }
  }, 90_000);

  it('stopped during a rebuild, stops the build and writes nothing after it returns', async () => {
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');
    const log = memoryLogger();
    const running = await serve({ root: dir, port: 0, host: '127.0.0.1', log });
    const outDir = path.join(dir, 'build');
    const snapshot = async () => {
      const names = (await fs.readdir(outDir, { recursive: true })).sort();
      return { names, page: await fs.readFile(path.join(outDir, 'docs/guides/first/index.html'), 'utf8') };
    };
    let saidAtClose = '';
    try {
      await fs.writeFile(file, original.replace('# First guide', '# First guide, saved as serve stops'));
      // The rebuild has begun: the watcher said what changed and a stage after the config is under way.
      await expect.poll(() => log.text().split('changed: ')[1]?.includes('scan'), { timeout: 20_000 }).toBe(true);
    } finally {
      await running.close();
      // Read at once: the build had ended when close returned.
      saidAtClose = log.text();
      await fs.writeFile(file, original);
    }
    const closed = await snapshot();
    expect(saidAtClose).toContain('(build stopped: serve closed)');
    expect(saidAtClose).not.toContain('left for the newer change');
    // The last build's pages, whole; no temporary folder of the stopped build left beside them.
    expect(closed.page).toContain('First guide');
    expect(closed.page).not.toContain('saved as serve stops');
    expect((await fs.readdir(dir)).filter((name) => name.startsWith('.build.tmp-'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await snapshot()).toEqual(closed);
  }, 60_000);
});

describe('a build superseded by a newer change (serve)', () => {
  it('stops after open pages took it, leaves the output folder as it was, and throws the reason given', async () => {
    const dir = await scenario('serve-superseded', {});
    try {
      const outDir = path.join(dir, 'build');
      await fs.mkdir(outDir);
      await fs.writeFile(path.join(outDir, 'index.html'), 'the last good build');
      const superseded = new AbortController();
      const reason = new Error('superseded by a newer change');
      const log = memoryLogger();
      let tookEarly = false;
      const building = build({
        root: dir,
        outDir,
        log,
        superseded: superseded.signal,
        onClientReady: () => {
          tookEarly = true;
        },
        onPagesReady: () => superseded.abort(reason),
      });
      await expect(building).rejects.toBe(reason);
      expect(tookEarly).toBe(true);
      expect(log.text()).not.toMatch(/render \d+ pages/);
      expect((await fs.readdir(dir)).filter((name) => name.startsWith('.build.tmp-'))).toEqual([]);
      expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('the last good build');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('is what requests get when the change after it fails before open pages take it', async () => {
    const dir = await scenario('serve-left', {});
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: memoryLogger() });
    const live = await openEvents(server.url);
    try {
      // The heading is the title: not an edit pages take before its build, so the build's early update is its first word.
      await fs.writeFile(file, original.replace('# First guide', '# First guide, taken early'));
      await expect.poll(() => live.events.some((e) => e.event === 'reload'), { timeout: 30_000 }).toBe(true);
      // At once, so the build open pages took is left for this one, which fails in its compile stage.
      await fs.writeFile(file, `${original}\n<div>\nunclosed\n`);
      await expect.poll(() => live.events.some((e) => e.event === 'build-error'), { timeout: 30_000 }).toBe(true);
      const page = await fetch(`${server.url}/docs/guides/first`);
      expect(await page.text()).toContain('First guide, taken early');
    } finally {
      live.close();
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
