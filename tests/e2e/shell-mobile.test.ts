/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, waitForHydration, type ShellSite } from './shell-support.ts';

let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite();
});
afterAll(async () => {
  await site?.close();
});

const MOBILE = { viewport: { width: 996, height: 800 } };
const PANEL = '.navbar-sidebar[role="dialog"]';
const TOGGLE = 'button.navbar-toggle';

describe('mobile navbar (issue 3 item 9)', () => {
  it('collapses the navbar at 996px and below; 997px is desktop', async () => {
    const { page, context } = await openPage(site, '/docs/intro', MOBILE);
    const state = () =>
      page.evaluate(() => ({
        toggle: !!document.querySelector('.navbar-toggle')?.checkVisibility(),
        items: !!document.querySelector('.navbar-items-left')?.checkVisibility(),
        search: !!document.querySelector('[data-search]')?.checkVisibility(),
        sidebar: !!document.querySelector('.doc-sidebar')?.checkVisibility(),
      }));
    expect(await state()).toEqual({ toggle: true, items: false, search: false, sidebar: false });
    await page.setViewportSize({ width: 997, height: 800 });
    expect(await state()).toEqual({ toggle: false, items: true, search: true, sidebar: true });
    await context.close();
  });

  it('opens a panel with the doc sidebar as secondary menu and a `Back to main menu` button to the navbar items', async () => {
    const { page, context } = await openPage(site, '/docs/guides/first', MOBILE);
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('false');
    await page.click(TOGGLE);
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('true');
    const panel = page.locator(PANEL);
    expect(await panel.isVisible()).toBe(true);
    // Secondary menu first: the page's own sidebar, current doc highlighted.
    expect(await panel.locator('.navbar-sidebar-secondary a[aria-current="page"]').textContent()).toBe('First guide');
    expect(await panel.locator('.navbar-sidebar-primary').isVisible()).toBe(false);
    const back = panel.getByRole('button', { name: 'Back to main menu' });
    expect(await back.isVisible()).toBe(true);
    await back.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Docs'); // focus stays in the panel
    const primary = panel.locator('.navbar-sidebar-primary');
    expect(await primary.isVisible()).toBe(true);
    expect(await panel.locator('.navbar-sidebar-secondary').isVisible()).toBe(false);
    const entries = await primary
      .locator(':scope > ul > li > :is(a, button, span)')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
    expect(entries).toEqual([
      'Docs',
      'First guide',
      'More',
      'Beta',
      'Docs home',
      'Language: English',
      'Docs version: Current',
      'GitHub',
    ]);
    expect(await primary.locator('.custom-html').textContent()).toBe('Beta');
    expect(await panel.locator('[data-search]').count()).toBe(0); // spec §2: search is hidden on mobile
    await context.close();
  });

  it('shows the secondary menu only when the page has secondary content', async () => {
    const { page, context } = await openPage(site, '/about', MOBILE);
    await page.click(TOGGLE);
    expect(await page.isVisible(`${PANEL} .navbar-sidebar-primary`)).toBe(true);
    expect(await page.locator(`${PANEL} .navbar-sidebar-secondary`).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back to main menu' }).count()).toBe(0);
    await context.close();
  });

  it('closes on navigation, on back navigation and with Escape, returning focus to the toggle', async () => {
    const { page, context } = await openPage(site, '/about', MOBILE);
    await page.click(TOGGLE);
    await page.click(`${PANEL} a:text-is("First guide")`);
    await page.waitForURL(`${site.url}/docs/guides/first`);
    await page.waitForSelector(PANEL, { state: 'detached' });

    await page.click(TOGGLE);
    await page.waitForSelector(PANEL);
    await page.goBack();
    await page.waitForURL(`${site.url}/about`);
    await page.waitForSelector(PANEL, { state: 'detached' });
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('false');

    await page.click(TOGGLE);
    await page.keyboard.press('Escape');
    await page.waitForSelector(PANEL, { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar-toggle'))).toBe(true);
    await context.close();
  });

  it('closes when the view widens to desktop', async () => {
    const { page, context } = await openPage(site, '/docs/intro', MOBILE);
    await page.click(TOGGLE);
    await page.waitForSelector(PANEL);
    await page.setViewportSize({ width: 997, height: 800 });
    await page.waitForSelector(PANEL, { state: 'detached' });
    await page.setViewportSize({ width: 996, height: 800 });
    expect(await page.locator(PANEL).count()).toBe(0);
    await context.close();
  });

  it('keeps keyboard focus inside the open panel', async () => {
    const { page, context } = await openPage(site, '/about', MOBILE);
    await page.click(TOGGLE);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close navigation bar');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.navbar-sidebar'))).toBe(true);
    }
    await context.close();
  });
});

describe('mobile colour toggle', () => {
  it('lives in the panel header and switches the mode', async () => {
    const { page, context } = await openPage(site, '/about', MOBILE);
    await page.click(TOGGLE);
    await page.click(`${PANEL} .color-mode-toggle`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  });
});
