/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, type ShellSite } from './shell-support.ts';

let site: ShellSite; // navbar.hideOnScroll: true
let alt: ShellSite; // hideOnScroll off
beforeAll(async () => {
  [site, alt] = await Promise.all([startShellSite('shell-site'), startShellSite('shell-alt')]);
});
afterAll(async () => {
  await site?.close();
  await alt?.close();
});

const hidden = (page: Page) =>
  page.evaluate(() => document.querySelector('nav.navbar')?.classList.contains('navbar-hidden'));
/** Whether the navbar is on screen: its bottom edge below the viewport's top. */
const onScreen = (page: Page) =>
  page.evaluate(() => (document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 0) > 0);
const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForTimeout(80);
};

describe('hide on scroll (issue 3 item 10)', () => {
  it('hides when scrolling down past its height and shows when scrolling up or near the top', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const height = await page.evaluate(() => (document.querySelector('nav.navbar') as HTMLElement).offsetHeight);
    await scrollTo(page, height - 10);
    expect(await hidden(page)).toBe(false); // not past its height yet
    await scrollTo(page, 800);
    expect(await hidden(page)).toBe(true);
    await page.waitForTimeout(300);
    expect(await onScreen(page)).toBe(false);
    await scrollTo(page, 1600);
    expect(await hidden(page)).toBe(true);
    await scrollTo(page, 1400); // up
    expect(await hidden(page)).toBe(false);
    await page.waitForTimeout(300);
    expect(await onScreen(page)).toBe(true);
    await scrollTo(page, 2000);
    expect(await hidden(page)).toBe(true);
    await scrollTo(page, 10); // near the top
    expect(await hidden(page)).toBe(false);
    await context.close();
  });

  it('stays hidden when jumping to an in-page anchor, down or up', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.click('article a[href="#section-5"]');
    await page.waitForURL(/#section-5$/);
    await page.waitForTimeout(150);
    expect(await hidden(page)).toBe(true);
    // Up the page, from the table of contents: an upward jump does not bring it back either.
    await page.click('.toc a:text-is("Section 2")');
    await page.waitForURL(/#section-2$/);
    await page.waitForTimeout(150);
    expect(await hidden(page)).toBe(true);
    // A real scroll up afterwards shows it again.
    await page.mouse.wheel(0, -200);
    await expect.poll(() => hidden(page)).toBe(false);
    await context.close();
  });

  it('lands a heading just below the navbar after an in-page, a cross-page and a direct jump (issue 3)', async () => {
    // One offset, the navbar's height plus a small gap: the heading is clear of the navbar when it shows again.
    const landing = async (page: Page, id: string) => {
      await page.waitForTimeout(300);
      return page.evaluate((target) => {
        const navbar = (document.querySelector('nav.navbar') as HTMLElement).offsetHeight;
        return {
          offset: Math.round((document.getElementById(target) as HTMLElement).getBoundingClientRect().top - navbar),
          scrolled: window.scrollY > 0,
        };
      }, id);
    };
    const { page, context } = await openPage(site, '/docs/intro');
    await page.click('article a[href="#section-5"]');
    await page.waitForURL(/#section-5$/);
    const inPage = await landing(page, 'section-5');
    expect(inPage.scrolled).toBe(true);
    expect(inPage.offset).toBeGreaterThanOrEqual(0);
    expect(inPage.offset).toBeLessThanOrEqual(16);
    expect(await hidden(page)).toBe(true); // and the navbar stays hidden (spec §4)

    await page.goto(`${site.url}/docs/guides/second`);
    await page.click('article a[href="/docs/intro#section-3"]');
    await page.waitForURL(/\/docs\/intro#section-3$/);
    const crossPage = await landing(page, 'section-3');
    expect(crossPage.offset).toBeGreaterThanOrEqual(0);
    expect(crossPage.offset).toBeLessThanOrEqual(16);

    await page.goto(`${site.url}/docs/intro#section-4`);
    const direct = await landing(page, 'section-4');
    expect(direct.offset).toBeGreaterThanOrEqual(0);
    expect(direct.offset).toBeLessThanOrEqual(16);
    await context.close();
  });

  it('shows again when a navbar control gets keyboard focus', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await scrollTo(page, 600);
    await scrollTo(page, 1200);
    expect(await hidden(page)).toBe(true);
    await page.focus('nav.navbar .navbar-brand');
    expect(await hidden(page)).toBe(false);
    await context.close();
  });

  it('never hides when hideOnScroll is off', async () => {
    const { page, context } = await openPage(alt, '/docs/intro', { viewport: { width: 1280, height: 300 } });
    await scrollTo(page, 200);
    await scrollTo(page, 400);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
    expect(await hidden(page)).toBe(false);
    await context.close();
  });
});
