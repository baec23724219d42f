/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, type ShellSite } from './shell-support.ts';

// Docs versions in the browser (issue 4 item 6; issue 3's docsVersionDropdown), on tests/fixtures/versions-two:
// 1.0 is the last version at /docs, the current docs are "Next" at /docs/next; new-feature is in Next only.
let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite('versions-two');
});
afterAll(async () => {
  await site?.close();
});

const KEY = 'docs-preferred-version-default';
const TRIGGER = '.version-dropdown > button';
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
/** The dropdown's entries as [label, href, aria-current]. */
const entries = (page: Page) =>
  page
    .locator('.version-dropdown .dropdown-link')
    .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]));
/** href of each navbar link on the left, by its text. */
const leftLinks = (page: Page) =>
  page
    .locator('.navbar-items-left a')
    .evaluateAll((links) => Object.fromEntries(links.map((a) => [a.textContent, a.getAttribute('href')])));
/** Two frames: effects run after hydration (the stored preference is read in one) have re-rendered by then. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
/** A marker that only survives client-side navigation. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('docs version dropdown', () => {
  it('lists every version with the one being read marked, each at the same doc where it exists', async () => {
    const { page, context, errors } = await openPage(site, '/docs/guides/setup');
    expect(await page.locator(TRIGGER).textContent()).toContain('1.0');
    await page.click(TRIGGER);
    expect(await entries(page)).toEqual([
      ['Next', '/docs/next/guides/setup', null],
      ['1.0', '/docs/guides/setup', 'page'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the same doc in the chosen version, client-side, and remembers the choice', async () => {
    const { page, context } = await openPage(site, '/docs/guides/setup');
    expect(await stored(page)).toBeNull();
    await markWindow(page);
    await page.click(TRIGGER);
    await page.click('.version-dropdown .dropdown-link:has-text("Next")');
    await page.waitForURL(`${site.url}/docs/next/guides/setup`);
    expect(await page.locator('article h1').first().textContent()).toBe('Setup (next)');
    expect(await sameDocument(page)).toBe(true);
    expect(await stored(page)).toBe('current');
    expect(await page.locator(TRIGGER).textContent()).toContain('Next');
    // The unreleased version says so, and links back to the same doc in the last version.
    expect(await page.locator('.doc-version-banner').textContent()).toContain('has not been released yet');

    // A doc the other version does not have: its entry leads to that version's main doc.
    await page.click('.menu-link:has-text("New feature")');
    await page.waitForURL(`${site.url}/docs/next/new-feature`);
    await page.click(TRIGGER);
    expect((await entries(page))[1]).toEqual(['1.0', '/docs/intro', null]);
    await page.click('.version-dropdown .dropdown-link:has-text("1.0")');
    await page.waitForURL(`${site.url}/docs/intro`);
    expect(await stored(page)).toBe('1.0');
    expect(await page.locator('.doc-version-banner').count()).toBe(0);
    await context.close();
  });

  it('follows the banner link to the last version and makes it the preferred one', async () => {
    const { page, context } = await openPage(site, '/docs/next/guides/setup', {
      init: () => localStorage.setItem('docs-preferred-version-default', 'current'),
    });
    await page.click('.doc-version-banner a');
    await page.waitForURL(`${site.url}/docs/guides/setup`);
    expect(await stored(page)).toBe('1.0');
    await context.close();
  });
});

describe('preferred docs version', () => {
  it('removes a stored version that no longer exists on load, and keeps one that does', async () => {
    const stale = await openPage(site, '/', {
      init: () =>
        localStorage.getItem('seeded') ||
        (localStorage.setItem('docs-preferred-version-default', '0.9'), localStorage.setItem('seeded', '1')),
    });
    await stale.page.waitForFunction((key) => localStorage.getItem(key) === null, KEY);
    // Links fall back to the last version.
    expect((await leftLinks(stale.page))['Docs home']).toBe('/docs/intro');
    await stale.context.close();

    const kept = await openPage(site, '/', {
      init: () => localStorage.setItem('docs-preferred-version-default', 'current'),
    });
    await kept.page.waitForFunction(
      () => document.querySelector('.navbar-items-left a')?.getAttribute('href') === '/docs/next/intro',
    );
    expect(await stored(kept.page)).toBe('current');
    await kept.context.close();
  });

  it('points the docsVersion, doc and docSidebar items into the preferred version away from versioned docs', async () => {
    const fresh = await openPage(site, '/');
    expect(await leftLinks(fresh.page)).toEqual({
      'Docs home': '/docs/intro',
      Setup: '/docs/guides/setup',
      'All docs': '/docs/intro',
    });
    // Choosing a version in the dropdown updates the other items of the page at once.
    await fresh.page.click(TRIGGER);
    expect(await entries(fresh.page)).toEqual([
      ['Next', '/docs/next/intro', null],
      ['1.0', '/docs/intro', 'page'],
    ]);
    await fresh.page.click('.version-dropdown .dropdown-link:has-text("Next")');
    await fresh.page.waitForURL(`${site.url}/docs/next/intro`);
    await fresh.page.goBack();
    await fresh.page.waitForFunction(() => location.pathname === '/');
    expect(await leftLinks(fresh.page)).toEqual({
      'Docs home': '/docs/next/intro',
      Setup: '/docs/next/guides/setup',
      'All docs': '/docs/next/intro',
    });
    expect(await fresh.page.locator(TRIGGER).textContent()).toContain('Next');
    await fresh.context.close();

    // On a doc of a version, the items stay in that version whatever the preference.
    const onOld = await openPage(site, '/docs/intro', {
      init: () => localStorage.setItem('docs-preferred-version-default', 'current'),
    });
    await settle(onOld.page);
    expect(await leftLinks(onOld.page)).toEqual({
      'Docs home': '/docs/intro',
      Setup: '/docs/guides/setup',
      'All docs': '/docs/intro',
    });
    await onOld.context.close();
  });
});

describe('links to Markdown files', () => {
  it("lead client-side to the page made from the file, in the doc's own version, also once navigated to", async () => {
    const { page, context, errors } = await openPage(site, '/docs/next/intro');
    const byFile = page.locator('article a:has-text("setup, by file")');
    expect(await byFile.getAttribute('href')).toBe('/docs/next/guides/setup');
    await markWindow(page);
    await byFile.click();
    await page.waitForURL(`${site.url}/docs/next/guides/setup`);
    expect(await page.locator('article h1').first().textContent()).toBe('Setup (next)');

    // A doc rendered in the browser from its chunk (not from the HTML) has the same link.
    await page.click('.menu-link:has-text("Introduction")');
    await page.waitForURL(`${site.url}/docs/next/intro`);
    expect(await byFile.getAttribute('href')).toBe('/docs/next/guides/setup');
    await byFile.click();
    await page.waitForURL(`${site.url}/docs/next/guides/setup`);
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
