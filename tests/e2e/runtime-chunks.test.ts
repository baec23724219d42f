import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, hydrated, isSameDocument, markDocument, openRuntimeSite, sleep } from './runtime-helpers.ts';

// Issue 4 item 2 (route chunks: spinner, preload failure, first-visit failure with Retry) and the budget.
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
});
afterAll(async () => {
  await site?.close();
});

/** A page with prefetch off (data saving), so a navigation loads its chunk only when clicked. */
async function openWithoutPrefetch(path: string): Promise<Page> {
  const page = await site.browser.newPage();
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {
      value: { effectiveType: '4g', saveData: true },
      configurable: true,
    }),
  );
  await page.goto(site.url(path));
  await hydrated(page);
  await markDocument(page);
  return page;
}

/** Records, in the page, whether the route spinner was ever in the DOM. */
const recordSpinner = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __spinnerSeen: boolean };
    w.__spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.portal-route-spinner')) w.__spinnerSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
const spinnerSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spinnerSeen: boolean }).__spinnerSeen);

describe('route chunks', () => {
  it('first loads the target chunk, showing a spinner in the content area while a slow one loads', async () => {
    const page = await openWithoutPrefetch('/docs/intro');
    // Slow enough that a loaded test machine still sees the spinner (it shows 200 ms into the load) well before
    // the chunk arrives: a CI run under load missed it within a 1 s wait on a 1.5 s chunk.
    await page.route(`**${site.chunk('/docs/guides/second')}`, async (route) => {
      await sleep(3000);
      await route.continue();
    });
    await recordSpinner(page);
    await page.click('article a[href="/docs/guides/second#details"]');
    const spinner = page.locator('.main-wrapper [role="status"][aria-label="Loading page"]');
    await spinner.waitFor({ state: 'visible', timeout: 2500 });
    expect(await h1(page)).toBe('Introduction'); // the old page stays until the new one is ready
    await expect.poll(() => h1(page), { timeout: 8000 }).toBe('Second guide');
    expect(await spinner.count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('shows no spinner for a fast route change (a prefetched page)', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await page.waitForLoadState('networkidle');
    await recordSpinner(page);
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    await sleep(300);
    expect(await spinnerSeen(page)).toBe(false);
    await page.close();
  });

  it('reloads the target URL when its chunk fails to preload; that page, failing too, shows an error box whose Retry hydrates it', async () => {
    const page = await openWithoutPrefetch('/docs/intro');
    const target = site.chunk('/docs/guides/second');
    await page.route(`**${target}`, (route) => route.abort('connectionrefused'));
    await page.click('article a[href="/docs/guides/second#details"]');
    // spec §8 "Route preload fails: The page reloads." — a full load of the target URL.
    await page.waitForURL(site.url('/docs/guides/second#details'));
    await page.waitForFunction(() => !(window as unknown as { __sameDocument?: boolean }).__sameDocument);
    // The reloaded page's own chunk fails as well: server-rendered content stays, with an error box.
    const box = page.locator('.portal-chunk-error[role="alert"]');
    await box.waitFor();
    expect(await h1(page)).toBe('Second guide');
    expect(await page.isVisible('text=The answer is 42.')).toBe(true);
    expect(await box.locator('.portal-chunk-error-text').textContent()).toContain(target);
    expect(await box.locator('button').textContent()).toBe('Retry');
    await page.unroute(`**${target}`);
    await box.locator('button').click();
    await box.waitFor({ state: 'detached' });
    await hydrated(page);
    await markDocument(page);
    await page.click('.doc-sidebar a[href="/docs/intro"]');
    await expect.poll(() => h1(page)).toBe('Introduction');
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('keeps a first visit readable when its chunk fails; a failed Retry updates the error, a later one makes the page interactive', async () => {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const target = site.firstChunk('/docs/intro');
    let fail = true;
    await page.route(`**${target}`, (route) => (fail ? route.abort('failed') : route.continue()));
    await page.goto(site.url('/docs/intro'));
    const box = page.locator('.portal-chunk-error');
    await box.waitFor();
    expect(await h1(page)).toBe('Introduction');
    expect(await page.isVisible('#setup')).toBe(true);
    expect(await box.textContent()).toContain('Failed to fetch dynamically imported module');
    // Retry while the chunk still fails: the box stays, with the new error, and Retry is usable again.
    await box.locator('button').click();
    await expect.poll(() => box.locator('button').isEnabled()).toBe(true);
    expect(await box.isVisible()).toBe(true);
    fail = false;
    await box.locator('button').click();
    await box.waitFor({ state: 'detached' });
    await hydrated(page);
    await markDocument(page);
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('budget: a prefetched page renders within one frame of the click', async () => {
    const page = await site.browser.newPage();
    const chunkRequests = site.served(site.chunk('/docs/guides/second'));
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    // The content link is in view, so its chunk is hinted into the cache once the page is idle; hovering runs it
    // from there (issue 17: a prefetched page still renders within one frame).
    await expect.poll(() => chunkRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const w = window as unknown as {
        __nav: { clickAt: number; frames: number; shownAt?: number; framesAtShown?: number };
      };
      w.__nav = { clickAt: 0, frames: 0 };
      document.addEventListener(
        'click',
        () => {
          w.__nav.clickAt = performance.now();
          const tick = () => {
            w.__nav.frames += 1;
            if (w.__nav.shownAt === undefined) requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        },
        { capture: true, once: true },
      );
      new MutationObserver((_, observer) => {
        if (document.querySelector('#__main h1')?.textContent !== 'Second guide') return;
        w.__nav.shownAt = performance.now();
        w.__nav.framesAtShown = w.__nav.frames;
        observer.disconnect();
      }).observe(document.getElementById('__portal')!, { childList: true, subtree: true, characterData: true });
    });
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    const nav = await page.evaluate(
      () => (window as unknown as { __nav: { clickAt: number; shownAt: number; framesAtShown: number } }).__nav,
    );
    console.log(
      `[budget] prefetched navigation: page in the DOM ${(nav.shownAt - nav.clickAt).toFixed(2)} ms after the click, ${nav.framesAtShown} animation frame(s) after it`,
    );
    expect(nav.framesAtShown).toBeLessThanOrEqual(1);
    expect(chunkRequests.length).toBe(1);
    await page.close();
  });
});
