/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, type ShellSite } from './shell-support.ts';

let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite();
});
afterAll(async () => {
  await site?.close();
});

const TRIGGER = '.navbar-items-left .navbar-dropdown > button';
const MENU = '.navbar-items-left .navbar-dropdown > .dropdown-menu';

describe('navbar dropdown (issue 3 item 3)', () => {
  it('opens on hover and closes when the pointer leaves, with aria-expanded in step', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    expect(await page.getAttribute(TRIGGER, 'aria-expanded')).toBe('false');
    expect(await page.isVisible(MENU)).toBe(false);
    await page.hover(TRIGGER);
    expect(await page.getAttribute(TRIGGER, 'aria-expanded')).toBe('true');
    expect(await page.isVisible(MENU)).toBe(true);
    await page.mouse.move(5, 700);
    expect(await page.getAttribute(TRIGGER, 'aria-expanded')).toBe('false');
    expect(await page.isVisible(MENU)).toBe(false);
    await context.close();
  });

  it('toggles on click and closes on a click, a touch or focus outside', async () => {
    const { page, context } = await openPage(site, '/docs/intro', { hasTouch: true });
    const expanded = () => page.getAttribute(TRIGGER, 'aria-expanded');
    await page.click(TRIGGER);
    expect(await expanded()).toBe('true');
    await page.mouse.move(600, 600); // leaving does not close a menu opened by click
    expect(await expanded()).toBe('true');
    await page.mouse.click(600, 600);
    expect(await expanded()).toBe('false');

    await page.click(TRIGGER);
    await page.click(TRIGGER);
    expect(await expanded()).toBe('false');

    await page.click(TRIGGER);
    await page.touchscreen.tap(600, 600);
    expect(await expanded()).toBe('false');

    await page.click(TRIGGER);
    await page.focus('.navbar-items-right a[href^="https://github.com"]');
    expect(await expanded()).toBe('false');
    await context.close();
  });

  it('works from the keyboard: Enter, Space, arrows, Escape returning focus', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const expanded = () => page.getAttribute(TRIGGER, 'aria-expanded');
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.focus(TRIGGER);
    await page.keyboard.press('Enter');
    expect(await expanded()).toBe('true');
    await page.keyboard.press('Enter');
    expect(await expanded()).toBe('false');
    await page.keyboard.press('Space');
    expect(await expanded()).toBe('true');
    await page.keyboard.press('Escape');
    expect(await expanded()).toBe('false');

    await page.keyboard.press('ArrowDown');
    expect(await expanded()).toBe('true');
    expect(await focused()).toBe('Second guide');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('About');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toMatch(/^Example/);
    await page.keyboard.press('Escape');
    expect(await expanded()).toBe('false');
    expect(await focused()).toMatch(/^More/);

    // Tabbing through the menu and out of it closes it.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await expanded()).toBe('false');
    await context.close();
  });

  it('follows a dropdown link client-side and closes', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.click(TRIGGER);
    await page.click(`${MENU} a:has-text("Second guide")`);
    await page.waitForURL(`${site.url}/docs/guides/second`);
    expect(await page.getAttribute(TRIGGER, 'aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('mobile dropdown (issue 3 item 3)', () => {
  const MOBILE = { viewport: { width: 400, height: 800 } };
  const mobileTrigger = '.navbar-sidebar-primary .menu-category > button:has-text("More")';

  it('is collapsed in the mobile menu', async () => {
    const { page, context } = await openPage(site, '/', MOBILE);
    await page.click('.navbar-toggle');
    expect(await page.getAttribute(mobileTrigger, 'aria-expanded')).toBe('false');
    expect(await page.isVisible('.navbar-sidebar-primary a:has-text("About")')).toBe(false);
    await page.click(mobileTrigger);
    expect(await page.getAttribute(mobileTrigger, 'aria-expanded')).toBe('true');
    await page.waitForSelector('.navbar-sidebar-primary a:has-text("About")', { state: 'visible' });
    await context.close();
  });

  it('is expanded by itself when one of its items is the current page', async () => {
    const { page, context } = await openPage(site, '/about', MOBILE);
    await page.click('.navbar-toggle');
    expect(await page.getAttribute(mobileTrigger, 'aria-expanded')).toBe('true');
    expect(await page.getAttribute('.navbar-sidebar-primary a:has-text("About")', 'aria-current')).toBe('page');
    expect(await page.isVisible('.navbar-sidebar-primary a:has-text("About")')).toBe(true);
    await context.close();
  });
});
