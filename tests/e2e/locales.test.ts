/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, waitForHydration, type ShellSite } from './shell-support.ts';

// Locales in the browser (issue 4 item 7), on tests/fixtures/locales-two: English at the root, French under
// /fr/. Each locale is its own build, so switching locale is a full page load (not client-side navigation).
let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite('locales-two');
});
afterAll(async () => {
  await site?.close();
});

const TRIGGER = '.locale-dropdown > button';
/** The locale menu's entries as [label, href]. */
const entries = async (page: Page) => {
  await page.click(TRIGGER);
  const list = await page
    .locator('.locale-dropdown .dropdown-link')
    .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
  await page.keyboard.press('Escape');
  return list;
};
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const path = (page: Page) => page.evaluate(() => location.pathname + location.search + location.hash);

describe('locale dropdown', () => {
  it('links to the same page in each locale, keeping the query and the hash', async () => {
    const { page, context, errors } = await openPage(site, '/docs/intro?ref=mail#setup');
    expect(await entries(page)).toEqual([
      ['English', '/docs/intro?ref=mail#setup'],
      ['Français', '/fr/docs/intro?ref=mail#setup'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows the hash and the page as the reader moves, and switches with a full load to the other locale's page", async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.click('.toc a[href="#more"]');
    await page.waitForFunction(() => location.hash === '#more');
    expect((await entries(page))[1]).toEqual(['Français', '/fr/docs/intro#more']);
    // Client-side navigation to another doc: the French link follows it.
    await page.click('article a[href="/docs/other#details"]');
    await page.waitForURL(`${site.url}/docs/other#details`);
    expect((await entries(page))[1]).toEqual(['Français', '/fr/docs/other#details']);

    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.click(TRIGGER);
    await page.click('.locale-dropdown .dropdown-link:has-text("Français")');
    await page.waitForURL(`${site.url}/fr/docs/other#details`);
    await waitForHydration(page);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBeUndefined();
    expect(await lang(page)).toBe('fr-FR');
    // Not translated: the English text, in the French site.
    expect(await page.locator('article').textContent()).toContain('Not translated');
    expect(await entries(page)).toEqual([
      ['English', '/docs/other#details'],
      ['Français', '/fr/docs/other#details'],
    ]);
    await context.close();
  });

  it('sets <html lang> from the locale, and French internal links stay in French', async () => {
    const { page, context } = await openPage(site, '/fr/docs/intro?ref=mail#setup');
    expect(await lang(page)).toBe('fr-FR');
    expect(await page.locator('article h2').first().textContent()).toContain('Installation');
    await page.click('article a:has-text("l\'autre page")');
    await page.waitForURL(`${site.url}/fr/docs/other#details`);
    expect(await lang(page)).toBe('fr-FR');

    await page.click(TRIGGER);
    await page.click('.locale-dropdown .dropdown-link:has-text("English")');
    await page.waitForURL(`${site.url}/docs/other#details`);
    await waitForHydration(page);
    expect(await lang(page)).toBe('en-US');
    expect(await path(page)).toBe('/docs/other#details');
    await context.close();
  });
});
