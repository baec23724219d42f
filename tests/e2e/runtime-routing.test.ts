import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, historyKey, hydrated, isSameDocument, markDocument, openRuntimeSite } from './runtime-helpers.ts';

// Issue 4 item 1: client-side routing with browser history.
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
});
afterAll(async () => {
  await site?.close();
});

async function open(path: string): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(site.url(path));
  await hydrated(page);
  await markDocument(page);
  return page;
}

/** Two animation frames: scroll events of a scrollTo have been dispatched. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

describe('client-side routing', () => {
  it.each([
    [
      'content',
      '/docs/intro',
      'article a[href="/docs/guides/second#details"]',
      '/docs/guides/second#details',
      'Second guide',
    ],
    ['navbar', '/about', '.navbar a[href="/docs/guides/second"]', '/docs/guides/second', 'Second guide'],
    ['sidebar', '/docs/intro', '.doc-sidebar a[href="/docs/long"]', '/docs/long', 'Long page'],
    ['footer', '/about', '.footer a[href="/docs/intro"]', '/docs/intro', 'Introduction'],
    ['pagination', '/docs/intro', '.pagination-nav a.next', '/docs/long', 'Long page'],
  ])(
    'follows a %s link without a full load, with a fresh 6-character history key',
    async (_where, from, selector, to, title) => {
      const page = await open(from);
      const before = await historyKey(page);
      await page.click(selector);
      await page.waitForURL(site.url(to));
      await expect.poll(() => h1(page)).toBe(title);
      expect(await isSameDocument(page)).toBe(true);
      const after = await historyKey(page);
      expect(after).toMatch(/^[a-z0-9]{6}$/);
      expect(after).not.toBe(before);
      expect(await page.title()).toBe(`${title} | Runtime Site`);
      await page.close();
    },
  );

  it('moves focus to the new page’s main area', async () => {
    const page = await open('/docs/intro');
    await page.click('.doc-sidebar a[href="/docs/long"]');
    await expect.poll(() => h1(page)).toBe('Long page');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__main');
    // A custom page's <main> has no tabindex of its own: the runtime makes it focusable.
    await page.click('article a[href="/crash"]');
    await expect.poll(() => h1(page)).toBe('Crash test page');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__main');
    await page.close();
  });

  it('restores the scroll position on back and forward', async () => {
    const page = await open('/docs/long');
    await page.evaluate(() => window.scrollTo(0, document.getElementById('far-section')!.offsetTop - 100));
    await nextFrames(page);
    const farY = await page.evaluate(() => window.scrollY);
    expect(farY).toBeGreaterThan(1000);
    await page.click('article a[href="/about"]');
    await expect.poll(() => h1(page)).toBe('About');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => h1(page)).toBe('Long page');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(farY);
    // Scroll elsewhere on the long page, go forward (top of About), and back again: the new position holds.
    await page.evaluate(() => window.scrollTo(0, 600));
    await nextFrames(page);
    await page.goForward();
    await expect.poll(() => h1(page)).toBe('About');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('scrolls a hash link’s heading into view below the sticky navbar: another page, the same page, a plain anchor', async () => {
    const page = await open('/docs/long');
    const navbarBottom = await page.evaluate(() => document.querySelector('.navbar')!.getBoundingClientRect().bottom);
    const headingTop = (id: string) =>
      page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
    // Where the stylesheet wants a scrolled-to heading: below the navbar by scroll-padding-top (+ the heading's scroll-margin-top).
    const cssOffset = (id: string) =>
      page.evaluate(
        (i) =>
          parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) +
          (parseFloat(getComputedStyle(document.getElementById(i)!).scrollMarginTop) || 0),
        id,
      );
    const expectBelowNavbar = async (id: string) => {
      const top = await headingTop(id);
      expect(top).toBeGreaterThanOrEqual(navbarBottom);
      expect(Math.abs(top - (await cssOffset(id)))).toBeLessThan(2);
    };
    // Another page, through the router.
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    await expectBelowNavbar('details');
    await page.goBack();
    await expect.poll(() => h1(page)).toBe('Long page');
    // The same page, through the router: a new history entry, no chunk to load.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nextFrames(page);
    const bottomY = await page.evaluate(() => window.scrollY);
    const keyBefore = await historyKey(page);
    await page.click('article a[href="/docs/long#far-section"]');
    await page.waitForURL(site.url('/docs/long#far-section'));
    await expectBelowNavbar('far-section');
    expect(await historyKey(page)).not.toBe(keyBefore);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottomY);
    // A plain in-page anchor (`#far-section`): the browser's own fragment navigation, keyed by the runtime afterwards.
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextFrames(page);
    const topKey = await historyKey(page);
    await page.click('article a[href="#far-section"]');
    await page.waitForURL(site.url('/docs/long#far-section'));
    await expectBelowNavbar('far-section');
    await expect.poll(() => historyKey(page)).toMatch(/^[a-z0-9]{6}$/);
    expect(await historyKey(page)).not.toBe(topKey);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('renders the not-found page for an unknown path reached client-side', async () => {
    const page = await open('/docs/intro');
    await page.evaluate(() => {
      window.history.pushState({ key: 'aaaaaa' }, '', '/no/such/page');
      window.history.pushState({ key: 'bbbbbb' }, '', '/docs/intro');
      window.history.back();
    });
    await expect.poll(() => h1(page)).toBe('Page Not Found');
    expect(page.url()).toBe(site.url('/no/such/page'));
    expect(await page.title()).toBe('Page Not Found | Runtime Site');
    expect(await isSameDocument(page)).toBe(true);
    // ...and the not-found page is a working page: its links navigate client-side.
    await page.click('.navbar a[href="/docs/guides/second"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });

  it('loads a link to a static file in full instead of routing it', async () => {
    const page = await open('/docs/guides/second');
    await page.click('article a[href="/img/dot.svg"]');
    await page.waitForURL(site.url('/img/dot.svg'));
    expect(await page.evaluate(() => document.contentType)).toBe('image/svg+xml');
    await page.close();
  });
});
