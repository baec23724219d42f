import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, hydrated, isSameDocument, markDocument, openRuntimeSite, sleep, watchRequests } from './runtime-helpers.ts';

// Issue 4 item 4: prefetch of links in view or hovered, once; none on slow-2g or with data saving (spec §2).
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
});
afterAll(async () => {
  await site?.close();
});


async function newPage(init?: () => void): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (init) await page.addInitScript(init);
  return page;
}

describe('prefetch', () => {
  it('prefetches the chunks of links as they come into view, once each', async () => {
    const page = await newPage();
    const about = watchRequests(page, site.chunk('/about'));
    const crash = watchRequests(page, site.chunk('/crash'));
    const intro = watchRequests(page, site.chunk('/docs/intro'));
    await page.goto(site.url('/docs/long'));
    await hydrated(page);
    await markDocument(page);
    // The sidebar's link to the introduction is in view; the links at the far end of the page are not.
    await expect.poll(() => intro.length).toBe(1);
    await sleep(500);
    expect(about).toEqual([]);
    expect(crash).toEqual([]);
    await page.evaluate(() => document.getElementById('far-section')!.scrollIntoView());
    await expect.poll(() => about.length).toBe(1);
    await expect.poll(() => crash.length).toBe(1);
    // Hovering and following the link fetch nothing more.
    await page.hover('article a[href="/about"]');
    await page.click('article a[href="/about"]');
    await expect.poll(() => h1(page)).toBe('About');
    await page.goBack();
    await expect.poll(() => h1(page)).toBe('Long page');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.getElementById('far-section')!.scrollIntoView());
    await sleep(300);
    expect(about.length).toBe(1);
    expect(intro.length).toBe(1);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('prefetches a hovered link’s chunk once', async () => {
    // Without IntersectionObserver, hovering is the only prefetch trigger left.
    const page = await newPage(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    const second = watchRequests(page, site.chunk('/docs/guides/second'));
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await sleep(500);
    expect(second).toEqual([]);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => second.length).toBe(1);
    await page.mouse.move(0, 0);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await sleep(300);
    expect(second.length).toBe(1);
    await page.close();
  });

  it.each([
    ['on a slow-2g connection', { effectiveType: 'slow-2g', saveData: false }],
    ['with data saving on', { effectiveType: '4g', saveData: true }],
  ])('prefetches nothing %s, and navigation still works', async (_label, connection) => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }), connection);
    const second = watchRequests(page, site.chunk('/docs/guides/second'));
    const manifest = watchRequests(page, '/_portal/manifest-');
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await markDocument(page);
    await page.hover('article a[href="/docs/guides/second#details"]');
    await sleep(500);
    expect(second).toEqual([]);
    expect(manifest).toEqual([]);
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(second.length).toBe(1);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });
});
