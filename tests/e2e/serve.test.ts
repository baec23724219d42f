import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { openEvents } from '../helpers/live-events.ts';
import { scenario } from '../helpers/scenario.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
let dir: string;
const log = memoryLogger();

/** A doc long enough to scroll, that nothing links to: it may be deleted without breaking the build. */
const LONG_DOC = `# Long guide\n\n${Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the long guide.`).join('\n\n')}\n`;

beforeAll(async () => {
  dir = await scenario('serve', { 'site/docs/guides/long.md': LONG_DOC });
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Every wait is bounded and says what it waited for, with the server's log: a page left loading after a
 * reload, or a rebuild that never came, fails here by name instead of timing the whole test out.
 */
async function step(what: string, wait: () => Promise<unknown>): Promise<void> {
  try {
    await wait();
  } catch (err) {
    throw new Error(
      `${what}: ${String((err as Error).message).split('\n')[0]}\nserver log:\n${log.text().slice(-3000)}`,
    );
  }
}

describe('portal serve', () => {
  it('shows an edit in the open page, and shows then clears a build error overlay', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    const heading = (text: string) =>
      page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, text, { timeout: 20_000 });
    await step('open the page', () => page.goto(`${server.url}/docs/guides/first`));
    await step('the first heading', () => heading('First guide'));
    // The page listens for reloads once its script has run; an edit saved before that would not reach it.
    await step('the live-reload stream', () =>
      expect.poll(() => server.liveClients(), { timeout: 15_000 }).toBeGreaterThan(0),
    );
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');

    await fs.writeFile(file, original.replace('# First guide', '# First guide, edited'));
    await step('the edited heading', () => heading('First guide, edited'));

    await fs.writeFile(file, `${original}\n<div>\nunclosed\n`);
    const overlay = page.locator('#portal-error-overlay');
    await step('the error overlay', () => overlay.waitFor({ state: 'attached' }));
    expect(await overlay.textContent()).toContain('first.md');
    expect(await overlay.textContent()).toContain('MDX could not be compiled');

    await fs.writeFile(file, original);
    await step('the overlay cleared', () => overlay.waitFor({ state: 'detached' }));
    await page.close();
    // Three rebuilds of up to 20 s each on a loaded machine, each wait bounded on its own.
  }, 150_000);

  it('shows a body edit before its rebuild, in place, even while every rebuild fails', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    const opened = page.waitForResponse((r) => r.url().includes('/__portal/events'), { timeout: 20_000 });
    await step('open the page', () => page.goto(`${server.url}/docs/guides/long`));
    await step('the live-reload stream', () => opened);
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    // A broken config stops every rebuild before it bundles anything: only the edit's own event can show it.
    const config = path.join(dir, 'site/portal.config.ts');
    const configText = await fs.readFile(config, 'utf8');
    await fs.writeFile(
      config,
      `${configText}
export const broken = ;
`,
    );
    const overlay = page.locator('#portal-error-overlay');
    await step('the overlay of the broken config', () => overlay.waitFor({ state: 'attached' }));

    const events = await openEvents(server.url);
    await fs.writeFile(
      path.join(dir, 'site/docs/guides/long.md'),
      `${LONG_DOC}
## Shown before its rebuild
`,
    );
    await step('the edit in the open page', () =>
      page.waitForFunction(() => document.getElementById('shown-before-its-rebuild') !== null),
    );
    // Its table of contents follows the body.
    expect(await page.locator('nav[aria-label="On this page"] a').allTextContents()).toContain(
      'Shown before its rebuild',
    );
    // A second edit changes what changed in the page's DOM, leaving the rest of its body as it was (ContentSlot).
    await page.evaluate(() => {
      const first = document.querySelector('[data-static-content] p') as (Element & { kept?: boolean }) | null;
      if (first) first.kept = true;
    });
    await fs.writeFile(
      path.join(dir, 'site/docs/guides/long.md'),
      `${LONG_DOC}\n## Shown before its rebuild\n\nAnd a second edit.\n`,
    );
    await step('the second edit', () =>
      page.waitForFunction(() => document.body.textContent?.includes('a second edit')),
    );
    expect(
      await page.evaluate(
        () => (document.querySelector('[data-static-content] p') as (Element & { kept?: boolean }) | null)?.kept,
      ),
    ).toBe(true);
    events.close();
    expect(events.events.map((e) => e.event)).toContain('hot');
    expect(events.events.map((e) => e.event)).not.toContain('reload');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await overlay.count()).toBe(1);

    await fs.writeFile(config, configText);
    await step('the overlay cleared once the config is fixed', () => overlay.waitFor({ state: 'detached' }));
    await page.close();
  }, 120_000);

  it('shows a body and title edit in place, scroll and sidebar state kept, and loads the page again for a config or static file edit or a route gone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    page.setDefaultTimeout(20_000);
    // The page hears of rebuilds once its event stream is open; after a full load, once it is open again.
    const streamOpen = () => page.waitForResponse((r) => r.url().includes('/__portal/events'), { timeout: 20_000 });
    const shows = (text: string) =>
      page.waitForFunction((t) => document.body.textContent?.includes(t), text, { timeout: 20_000 });
    const file = path.join(dir, 'site/docs/guides/long.md');
    let opened = streamOpen();
    await step('open the page', () => page.goto(`${server.url}/docs/guides/long`));
    await step('the live-reload stream', () => opened);
    const toggle = page.locator('button[aria-label="Toggle the category Guides"]');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
      window.scrollTo(0, 600);
    });

    const events = await openEvents(server.url);
    await fs.writeFile(file, `---\ntitle: Long guide, renamed\n---\n${LONG_DOC}\nAdded while the page was open.\n`);
    await step('the edit in the open page', () => shows('Added while the page was open.'));
    // The page could take the edit as soon as the client side was bundled, before the pages were rendered and
    // written: the early update comes first, and the final one names the same manifest, which the page skips.
    await step('the end of the rebuild', () =>
      expect.poll(() => events.events.filter((e) => e.event === 'reload').length).toBeGreaterThanOrEqual(2),
    );
    events.close();
    // A new title in the front matter is a new sidebar label: not an edit the page can take before the rebuild.
    expect(events.events.map((e) => e.event)).not.toContain('hot');
    const [early, ok, final] = events.events;
    expect(early?.event).toBe('reload');
    expect(JSON.parse(early?.data ?? '')).toMatchObject({ early: true });
    expect(ok?.event).toBe('build-ok');
    expect(JSON.parse(final?.data ?? '').builds).toEqual(JSON.parse(early?.data ?? '').builds);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    // Closed by the reader although it holds the page: a new document would have opened it again.
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.title()).toBe('Long guide, renamed | Basic Site');
    expect(await page.locator('nav a[href="/docs/guides/long"]').first().textContent()).toBe('Long guide, renamed');

    const config = path.join(dir, 'site/portal.config.ts');
    opened = streamOpen();
    await fs.writeFile(
      config,
      (await fs.readFile(config, 'utf8')).replace("title: 'Basic Site'", "title: 'Basic Site, renamed'"),
    );
    await step('the new site title', () =>
      page.waitForFunction(() => document.title.endsWith('Basic Site, renamed'), null, { timeout: 20_000 }),
    );
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await step('the live-reload stream again', () => opened);

    // A static file keeps its URL: the page cannot tell its new version from the old, so it loads again.
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    opened = streamOpen();
    const loaded = page.waitForEvent('load', { timeout: 20_000 });
    await fs.writeFile(
      path.join(dir, 'site/static/img/dot.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2"/></svg>',
    );
    await step('a full load after a static file changed', () => loaded);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await step('the live-reload stream once more', () => opened);

    await fs.rm(file);
    await step('the not-found page', () =>
      page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page Not Found', null, {
        timeout: 20_000,
      }),
    );
    await page.close();
  }, 150_000);

  it('shows each save of a doc in place while its author types, and rebuilds once after the last', async () => {
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');
    const rebuildsSince = (at: number) => log.text().slice(at).split('changed: ').length - 1;
    // Earlier tests' rebuilds are over once the log has been still for a second.
    for (let length = -1; length !== log.text().length; ) {
      length = log.text().length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const events = await openEvents(server.url);
    const start = log.text().length;
    const compiledBefore = server.compiledSources();
    const saves = 5;
    for (let i = 1; i <= saves; i++) {
      await fs.writeFile(file, `${original}\nTyped so far: ${i} of ${saves}.\n`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Each rebuild's bundling took both cores as the next save was compiled: none runs while the author types.
    expect(rebuildsSince(start)).toBe(0);
    const shown = (text: string) => events.events.some((e) => e.event === 'hot' && e.data.includes(text));
    await step('the last save shown in place', () =>
      expect.poll(() => shown(`Typed so far: ${saves} of ${saves}.`), { timeout: 20_000 }).toBe(true),
    );
    // Of the saves compiled meanwhile only the last is kept for the rebuild, beside the version the last build used.
    expect(server.compiledSources()).toBeLessThanOrEqual(compiledBefore + 1);
    await step('the rebuild after the last save', () =>
      expect.poll(() => events.events.some((e) => e.event === 'reload'), { timeout: 30_000 }).toBe(true),
    );
    expect(rebuildsSince(start)).toBe(1);
    events.close();
    await fs.writeFile(file, original);
  }, 90_000);

  it('refuses paths outside the output folder', async () => {
    for (const attempt of [
      '/../../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%252e%252e/%252e%252e/etc/passwd',
      '/docs/..\\..\\etc\\passwd',
      '/docs%00.html',
    ]) {
      const res = await fetch(`${server.url}${attempt}`);
      expect([400, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('root:');
    }
    const ok = await fetch(`${server.url}/docs/intro`);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
