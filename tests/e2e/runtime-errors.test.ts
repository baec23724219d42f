import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, hydrated, isSameDocument, markDocument, openRuntimeSite } from './runtime-helpers.ts';

// Issue 4 item 5: the error catalogue of spec §8, as the reader sees it.
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
});
afterAll(async () => {
  await site?.close();
});

const setFlag = (page: Page, name: string, value: boolean) =>
  page.evaluate(([n, v]) => ((window as unknown as Record<string, unknown>)[n as string] = v), [name, value] as const);

/** A page whose uncaught errors are collected: the runtime must never leave one behind. */
async function newPage(init?: { flag: string }): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (init)
    await page.addInitScript((flag) => ((window as unknown as Record<string, unknown>)[flag] = true), init.flag);
  return { page, errors };
}

describe('error catalogue', () => {
  it('unknown path: Page Not Found, the apology and the broken-link request, on a working page', async () => {
    const { page, errors } = await newPage();
    const response = await page.goto(site.url('/no/such/page'));
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await h1(page)).toBe('Page Not Found');
    const text = await page.textContent('#__main');
    expect(text).toContain('We could not find what you were looking for.');
    expect(text).toContain(
      'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
    );
    await markDocument(page);
    await page.click('.navbar a[href="/docs/guides/second"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('page crash while hydrating: the shell stays, the crash page shows the cause chain, Try again renders the page', async () => {
    const { page } = await newPage({ flag: '__portalCrash' });
    await page.goto(site.url('/crash'));
    await page.waitForSelector('h1:text("This page crashed.")');
    expect(await page.isVisible('.navbar')).toBe(true);
    expect(await page.textContent('.crash-message')).toBe('The price widget could not render');
    expect(await page.locator('.crash-cause').allTextContents()).toEqual([
      'Cause: Price list is missing',
      'Cause: TypeError: prices is undefined',
    ]);
    await setFlag(page, '__portalCrash', false);
    await page.click('button:text-is("Try again")');
    await expect.poll(() => h1(page)).toBe('Crash test page');
    expect(await page.textContent('.crash-ok')).toBe('Rendered fine.');
    await page.close();
  });

  it('page crash after a client-side navigation; the next route clears it', async () => {
    const { page, errors } = await newPage();
    await page.goto(site.url('/docs/long'));
    await hydrated(page);
    await markDocument(page);
    await setFlag(page, '__portalCrash', true);
    await page.click('article a[href="/crash"]');
    await page.waitForSelector('h1:text("This page crashed.")');
    expect(await page.title()).toBe('Crash test | Runtime Site');
    await page.click('.navbar a[href="/docs/guides/second"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hook outside its provider: the crash page names the hook', async () => {
    const { page } = await newPage({ flag: '__portalHookOutside' });
    await page.goto(site.url('/hook-outside'));
    await page.waitForSelector('h1:text("This page crashed.")');
    expect(await page.textContent('.crash-message')).toBe(
      'Hook useRouter is called outside the <RouterContext.Provider>.',
    );
    await page.close();
  });

  it('storage errors are logged and ignored: with storage throwing, the page hydrates, navigates and toggles colour mode', async () => {
    const { page, errors } = await newPage();
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await page.goto(site.url('/docs/intro'));
    await hydrated(page);
    await markDocument(page);
    await page.click('.color-mode-toggle');
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    expect(warnings.some((w) => /storage/i.test(w))).toBe(true);
    await page.close();
  });
});

describe('misconfigured base URL', () => {
  let misbased: Awaited<ReturnType<typeof openRuntimeSite>>;
  let based: Awaited<ReturnType<typeof openRuntimeSite>>;
  beforeAll(async () => {
    // Built for /portal/ but served at /: every asset under /portal/ misses. And the same build served right.
    misbased = await openRuntimeSite({ baseUrl: '/portal/' });
    based = await openRuntimeSite({ baseUrl: '/portal/', serveBase: '/portal/' });
  });
  afterAll(async () => {
    await misbased?.close();
    await based?.close();
  });

  it('shows a banner saying the site did not load properly and which base URL to check', async () => {
    const page = await misbased.browser.newPage();
    await page.goto(misbased.url('/docs/intro/'));
    const banner = page.locator('#portal-base-url-banner[role="alert"]');
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain('This site did not load properly.');
    expect(text).toContain('baseUrl = "/portal/"');
    expect(text).toContain('we suggest baseUrl = "/"');
    expect(await page.textContent('h1')).toBe('Introduction'); // the server-rendered page is still there
    await page.close();
  });

  it('shows no banner where the base URL matches', async () => {
    const page = await based.browser.newPage();
    await page.goto(based.url('/docs/intro/'));
    await hydrated(page);
    await markDocument(page);
    expect(await page.locator('#portal-base-url-banner').count()).toBe(0);
    await page.click('article a[href="/portal/docs/guides/second#details"]');
    await expect.poll(() => page.textContent('#__main h1')).toBe('Second guide');
    expect(page.url()).toBe(based.url('/docs/guides/second#details'));
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });
});
