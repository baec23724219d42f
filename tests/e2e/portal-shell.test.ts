/// <reference lib="dom" />
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDataAgainstFull } from './runtime-helpers.ts';
import { openPage, startPortalSite, waitForHydration, type ShellSite } from './shell-support.ts';

// Issue 14: what the spec asks of the shell, on the real portal (site/), not only on fixture sites.

let site: ShellSite;
beforeAll(async () => {
  site = await startPortalSite();
}, 180_000);
afterAll(async () => {
  await site?.close();
});

const BAR = '.announcement-bar';
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const NARROW = { viewport: { width: 800, height: 900 } };

describe('the portal’s announcement bar', () => {
  it('shows with a link, closes, stays closed across pages and reloads, and comes back for a new id', async () => {
    const { page, context } = await openPage(site, '/docs/intro', DESKTOP);
    const bar = page.locator(BAR);
    expect(await bar.isVisible()).toBe(true);
    const id = await bar.getAttribute('data-announcement-id');
    expect(id).toBeTruthy();
    expect(await bar.locator('a').getAttribute('href')).toBe('/docs/intro#error-codes');
    // Theme colours: the bar follows the light/dark palette instead of fixed ones.
    const colours = () => bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await colours();
    await page.click('.color-mode-toggle');
    expect(await colours()).not.toBe(light);

    await page.click('button[aria-label="Close announcement"]');
    expect(await page.locator(BAR).count()).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('announcement-bar'))) as string)).toEqual({
      id,
      dismissed: true,
    });
    // Client-side to another page, then a reload: still closed.
    await page.click('.navbar-items-left a:has-text("Themes")');
    await page.waitForURL(/\/docs\/themes\//);
    expect(await page.locator(BAR).count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator(BAR).count()).toBe(0);

    // A reader who closed an older banner sees this one.
    await page.evaluate(() =>
      localStorage.setItem('announcement-bar', JSON.stringify({ id: 'an-older-banner', dismissed: true })),
    );
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator(BAR).isVisible()).toBe(true);
    await context.close();
  });

  it('takes a dismissal stored under the older misspelt key', async () => {
    const { page, context } = await openPage(site, '/', DESKTOP);
    const id = await page.locator(BAR).getAttribute('data-announcement-id');
    await page.evaluate(
      (bar) => localStorage.setItem('annoucement-bar', JSON.stringify({ id: bar, dismissed: true })),
      id,
    );
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator(BAR).count()).toBe(0);
    expect(
      await page.evaluate(() => [localStorage.getItem('annoucement-bar'), localStorage.getItem('announcement-bar')]),
    ).toEqual([null, JSON.stringify({ id, dismissed: true })]);
    await context.close();
  });
});

describe('the API reference category in the navigation', () => {
  it('is where the navbar’s API item leads, and the API sidebar opens with it', async () => {
    const { page, context } = await openPage(site, '/', DESKTOP);
    await page.click('.navbar-items-left a:has-text("API reference")');
    await page.waitForURL(`${site.url}/docs/category/product-api`);
    expect(await page.textContent('main h1')).toBe('Product API');
    expect(await page.getAttribute('.navbar-items-left a:has-text("API reference")', 'aria-current')).toBe('page');

    // From an operation page, the sidebar's first entry is the category, linking its page.
    await page.goto(`${site.url}/docs/api/get-orders`);
    await waitForHydration(page);
    const first = page.locator('aside.doc-sidebar nav > .menu-list > .menu-item').first().locator('a').first();
    expect(await first.textContent()).toBe('Product API');
    expect(await first.getAttribute('href')).toBe('/docs/category/product-api');
    await first.click();
    await page.waitForURL(`${site.url}/docs/category/product-api`);
    expect(await page.textContent('main h1')).toBe('Product API');
    // The category page lists the reference: the document's overview and each resource.
    const listed = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(listed).toContain('/docs/api');
    expect(listed).toContain('/docs/api/orders');
    await context.close();
  });
});

/** The switcher's toggle button on the desktop navbar. */
const desktopToggle = (kind: 'locale' | 'version') => `.navbar-items-right .${kind}-dropdown > button`;

describe('the language and docs-version switchers, at 1280 px', () => {
  /** What each switcher offers, checked on the page its dropdown test leaves (the menu closed). */
  const entries: Record<'locale' | 'version', { says: string; check(page: Page): Promise<void> }> = {
    locale: {
      says: 'offers English, keeping the query and the hash',
      async check(page) {
        await page.click(desktopToggle('locale'));
        const links = page.locator('.navbar-items-right .locale-dropdown .dropdown-menu a');
        expect(await links.allTextContents()).toEqual(['English']);
        expect(await links.first().getAttribute('href')).toBe('/docs/intro?from=test#authentication');
      },
    },
    version: {
      says: 'offers the current version, and choosing it stores the preferred version',
      async check(page) {
        await page.click(desktopToggle('version'));
        const links = page.locator('.navbar-items-right .version-dropdown .dropdown-menu a');
        expect(await links.count()).toBe(1);
        expect(await links.first().getAttribute('aria-current')).toBe('page');
        await links.first().click();
        await page.waitForFunction(() => localStorage.getItem('docs-preferred-version-default') !== null);
        expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
      },
    },
  };

  for (const kind of ['locale', 'version'] as const) {
    it(`${kind}: a dropdown that opens on hover and click, works from the keyboard and closes from outside; ${entries[kind].says}`, async () => {
      const { page, context } = await openPage(site, '/docs/intro?from=test#authentication', {
        ...DESKTOP,
        hasTouch: true,
      });
      const toggle = desktopToggle(kind);
      const expanded = () => page.getAttribute(toggle, 'aria-expanded');
      expect(await expanded()).toBe('false');
      await page.hover(toggle);
      expect(await expanded()).toBe('true');
      expect(await page.isVisible(`.navbar-items-right .${kind}-dropdown .dropdown-menu`)).toBe(true);
      await page.mouse.move(640, 700);
      expect(await expanded()).toBe('false');

      await page.click(toggle);
      expect(await expanded()).toBe('true');
      await page.mouse.click(640, 700);
      expect(await expanded()).toBe('false');
      await page.click(toggle);
      await page.touchscreen.tap(640, 700);
      expect(await expanded()).toBe('false');
      await page.click(toggle);
      await page.focus('.navbar-items-right a[href^="https://github.com"]');
      expect(await expanded()).toBe('false');

      await page.focus(toggle);
      await page.keyboard.press('Enter');
      expect(await expanded()).toBe('true');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown-link'))).toBe(true);
      await page.keyboard.press('Escape');
      expect(await expanded()).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown-toggle'))).toBe(true);

      await entries[kind].check(page);
      await context.close();
    });
  }
});

describe('the language and docs-version switchers, at 800 px (mobile menu)', () => {
  const mobileToggle = (label: string) => `.navbar-sidebar-primary .menu-category > button:has-text("${label}")`;
  const openMenu = async (page: Page) => {
    await page.click('.navbar-toggle');
    // A doc page shows its sidebar first; the navbar's items are one level up.
    const back = page.locator('button:has-text("Back to main menu")');
    if (await back.isVisible()) await back.click();
    await page.waitForSelector('.navbar-sidebar-primary', { state: 'visible' });
  };

  it('collapses the version menu off its pages, opens it by hand and from the keyboard', async () => {
    const { page, context } = await openPage(site, '/', NARROW);
    await openMenu(page);
    const toggle = mobileToggle('Docs version');
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('false');
    await page.click(toggle);
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('true');
    await page.waitForSelector('.navbar-sidebar-primary a:has-text("Current")', { state: 'visible' });
    await page.focus(toggle);
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('false');
    await context.close();
  });

  it('expands each switcher by itself when one of its entries is the page shown', async () => {
    const { page, context } = await openPage(site, '/docs/intro', NARROW);
    await openMenu(page);
    for (const label of ['Docs version', 'Language'])
      expect(await page.getAttribute(mobileToggle(label), 'aria-expanded')).toBe('true');
    expect(await page.getAttribute('.navbar-sidebar-primary a:has-text("English")', 'href')).toBe('/docs/intro');
    await context.close();
  });
});

describe('Retry after the page’s code failed to load, then recovered', () => {
  const TARGET = '/docs/category/product-api';
  const preloads = async (route: string): Promise<string[]> => {
    const html = await fs.readFile(
      path.join(site.outDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`),
      'utf8',
    );
    return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] as string);
  };
  const routeChunk = async (route: string): Promise<string> => {
    const html = await fs.readFile(path.join(site.outDir, `${route.slice(1)}/index.html`), 'utf8');
    return /"chunk":"([^"]+)"/.exec(html)?.[1] as string;
  };

  /**
   * From the home page, follows the navbar's API item while `blocked` requests fail: the runtime falls back to a
   * full load, whose own chunk fails too, so the server-rendered page shows the error box. Then the requests
   * succeed again and Retry must bring the page to life.
   */
  async function failThenRetry(blocked: string[]): Promise<void> {
    const context = await site.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let failing = true;
    // Blocked from the start: the home page prefetches the target's chunk as soon as its link is in view.
    for (const url of blocked)
      await page.route(`**${url}`, (route) =>
        failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
      );
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    await page.click('.navbar-items-left a:has-text("API reference")');
    await page.waitForURL(`${site.url}${TARGET}`);
    const box = page.locator('.portal-chunk-error[role="alert"]');
    await box.waitFor();
    expect(await page.textContent('main h1')).toBe('Product API');
    failing = false;
    await box.locator('button:has-text("Retry")').click();
    await waitForHydration(page);
    expect(await page.locator('.portal-chunk-error').count()).toBe(0);
    expect(await page.textContent('main h1')).toBe('Product API');
    // Interactive: the sidebar's links now navigate without a full load.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.click('aside.doc-sidebar a[href="/docs/api/orders"]');
    await page.waitForURL(`${site.url}/docs/api/orders`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }

  it('when the route chunk failed', async () => {
    await failThenRetry([await routeChunk(TARGET)]);
  });

  it('when a shared chunk the route imports failed', async () => {
    const home = new Set(await preloads('/'));
    const shared = (await preloads(TARGET)).filter((u) => !home.has(u) && u.includes('/c/'));
    expect(shared.length).toBeGreaterThan(0);
    await failThenRetry(shared);
  });

  it('when the route manifest failed first', async () => {
    await failThenRetry(['/_portal/manifest-*.json', await routeChunk(TARGET)]);
  });
});

describe('an operation page of the portal, on a first visit (issue 17 item 3)', () => {
  it('runs on the data of its full chunk without loading it: descriptions, samples and examples come from the HTML', async () => {
    const { page, context, errors } = await openPage(site, '/docs/api/checkout-order', DESKTOP);
    await new Promise((r) => setTimeout(r, 300));
    const loadedBefore = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    const boot = await page.evaluate<{ chunk: string; full: string; same: boolean }>(pageDataAgainstFull);
    expect(boot.chunk).toMatch(/\/r\d+-docs_api_checkout-order\.first-[A-Z0-9]{8}\.js$/);
    expect(loadedBefore).not.toContain(boot.full);
    expect(boot.same).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a doc of the portal in no sidebar (the tutorials)', () => {
  it('lays out its content at full width beside the table of contents, at 1280 px and at 1100 px', async () => {
    for (const viewport of [DESKTOP.viewport, { width: 1100, height: 800 }]) {
      const { page, context, errors } = await openPage(site, '/docs/tutorial-basics/markdown-features', { viewport });
      const main = await page.locator('main').boundingBox();
      const toc = await page.locator('.doc-layout > .toc').boundingBox();
      expect(await page.locator('.doc-sidebar').count()).toBe(0);
      // The content once fell into the sidebar's 17rem column, the table of contents into the content's.
      expect(main?.width ?? 0, `${viewport.width} px`).toBeGreaterThan(viewport.width / 2);
      expect(toc?.x ?? 0, `${viewport.width} px`).toBeGreaterThanOrEqual((main?.x ?? 0) + (main?.width ?? 0) - 1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
