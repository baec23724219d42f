import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, hydrated, isSameDocument, markDocument, openRuntimeSite, sleep } from './runtime-helpers.ts';

// Issue 4 item 4 and issue 17 item 2: links in view are hinted into the HTTP cache once the page is idle, a few
// at a time, running no code; a link hovered, focused or touched has its chunk loaded at once; nothing on
// slow-2g or with data saving (spec §2).
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
});
afterAll(async () => {
  await site?.close();
});

const ROUTE_CHUNK = /\/_portal\/r\d+-[^/]*\.js$/;

async function newPage(init?: () => void): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (init) await page.addInitScript(init);
  return page;
}

/**
 * Makes every route chunk record, when it runs, that it ran (`window.__ran`), and counts the chunk requests in
 * flight at once. Routing requests turns the HTTP cache off, so only for tests that do not count downloads.
 */
async function instrumentChunks(page: Page, o: { delayMs?: number } = {}) {
  const stats = { inFlight: 0, maxInFlight: 0, requests: [] as string[] };
  await page.route(ROUTE_CHUNK, async (route: Route) => {
    stats.requests.push(new URL(route.request().url()).pathname);
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      const response = await route.fetch();
      if (o.delayMs) await sleep(o.delayMs);
      const body = `${await response.text()}\n;(globalThis.__ran ??= []).push(new URL(import.meta.url).pathname);\n`;
      await route.fulfill({ response, body });
    } catch (err) {
      // A request still in flight when its test closes the page: its response is disposed with the page.
      if (!page.isClosed()) throw err;
    } finally {
      stats.inFlight--;
    }
  });
  return stats;
}
const ran = (page: Page) => page.evaluate(() => (globalThis as unknown as { __ran?: string[] }).__ran ?? []);

/** Chunk requests the page made as `<link rel=prefetch>` hints, with when they started and when the page loaded. */
const hintEntries = (page: Page) =>
  page.evaluate(() => ({
    loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    hints: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'link' && /\/_portal\/r\d+-/.test(e.name))
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })),
  }));

describe('prefetch', () => {
  it('hints the chunks of links in view after the page is idle, at most three at a time, and runs none of them', async () => {
    const page = await newPage();
    const stats = await instrumentChunks(page, { delayMs: 400 });
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await markDocument(page);
    const own = site.firstChunk('/docs/intro');
    // In view: the navbar, the sidebar, the content's and the pagination's links (six routes besides this one).
    await expect
      .poll(async () => (await hintEntries(page)).hints.length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(5);
    const { loadEnd, hints } = await hintEntries(page);
    for (const hint of hints) expect(hint.startTime).toBeGreaterThanOrEqual(loadEnd);
    expect(new Set(hints.map((h) => h.path)).size).toBe(hints.length);
    expect(hints.map((h) => h.path)).toContain(site.chunk('/docs/guides/second'));
    expect(hints.map((h) => h.path)).not.toContain(own);
    // The page's own chunk plus the hints, never more than three hints downloading together.
    expect(stats.maxInFlight).toBeLessThanOrEqual(3);
    // Downloaded, not run: only the page's own chunk has run.
    await sleep(500);
    expect(await ran(page)).toEqual([own]);
    // Following a link runs its chunk then, and only then.
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await ran(page)).toEqual([own, site.chunk('/docs/guides/second')]);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('downloads a hinted chunk once: hovering and following its link take it from the cache', async () => {
    const page = await newPage();
    const about = site.served(site.chunk('/about'));
    const crash = site.served(site.chunk('/crash'));
    const intro = site.served(site.chunk('/docs/intro'));
    await page.goto(site.url('/docs/long'));
    await hydrated(page);
    await markDocument(page);
    // The sidebar's link to the introduction is in view; the links at the far end of the page are not.
    await expect.poll(() => intro.length, { timeout: 10_000 }).toBe(1);
    await sleep(500);
    expect(about).toEqual([]);
    expect(crash).toEqual([]);
    await page.evaluate(() => document.getElementById('far-section')!.scrollIntoView());
    await expect.poll(() => about.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => crash.length, { timeout: 10_000 }).toBe(1);
    // Hovering runs the chunk (from the cache) and following the link shows the page: nothing more downloaded.
    await page.hover('article a[href="/about"]');
    await page.click('article a[href="/about"]');
    await expect.poll(() => h1(page)).toBe('About');
    await page.goBack();
    await expect.poll(() => h1(page)).toBe('Long page');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.getElementById('far-section')!.scrollIntoView());
    await sleep(500);
    expect(about.length).toBe(1);
    expect(intro.length).toBe(1);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('loads and runs the chunk of a link hovered, focused or touched at once, each once', async () => {
    // Without IntersectionObserver, nothing is hinted: what loads is what the reader's intent asked for.
    const page = await newPage(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    await instrumentChunks(page);
    const second = site.served(site.chunk('/docs/guides/second'));
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await sleep(500);
    const own = site.firstChunk('/docs/intro');
    expect(await ran(page)).toEqual([own]);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => ran(page)).toEqual([own, site.chunk('/docs/guides/second')]);
    await page.focus('article a[href="/"]');
    await expect.poll(() => ran(page)).toContain(site.chunk('/'));
    await page.dispatchEvent('.pagination-nav a.next', 'touchstart');
    await expect.poll(() => ran(page)).toContain(site.chunk('/docs/long'));
    await page.mouse.move(0, 0);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await sleep(300);
    expect(second.length).toBe(1);
    expect(new Set(await ran(page)).size).toBe((await ran(page)).length);
    await page.close();
  });

  it.each([
    ['on a slow-2g connection', { effectiveType: 'slow-2g', saveData: false }],
    ['with data saving on', { effectiveType: '4g', saveData: true }],
  ])('prefetches nothing %s, and navigation still works', async (_label, connection) => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(
      (c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }),
      connection,
    );
    const chunks = site.served('/_portal/r');
    const second = site.served(site.chunk('/docs/guides/second'));
    const manifest = site.served('/_portal/manifest-');
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await markDocument(page);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await page.focus('article a[href="/"]');
    // Long enough for the idle hints to have started, were they allowed.
    await sleep(1500);
    expect(chunks).toEqual([site.firstChunk('/docs/intro')]);
    expect(manifest).toEqual([]);
    expect((await hintEntries(page)).hints).toEqual([]);
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(second.length).toBe(1);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });
});
