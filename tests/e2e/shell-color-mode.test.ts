/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, waitForHydration, type ShellSite } from './shell-support.ts';

let site: ShellSite; // the portal's setting: default light, switch enabled, system preference ignored
let alt: ShellSite; // respectPrefersColorScheme: true
beforeAll(async () => {
  [site, alt] = await Promise.all([startShellSite('shell-site'), startShellSite('shell-alt')]);
});
afterAll(async () => {
  await site?.close();
  await alt?.close();
});

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const TOGGLE = 'nav.navbar .color-mode-toggle';

describe('colour mode (issue 3 item 6)', () => {
  it('starts in the default mode and ignores the system preference when not respected', async () => {
    const { page, context } = await openPage(site, '/docs/intro', { colorScheme: 'dark' });
    expect(await theme(page)).toBe('light');
    expect(await stored(page)).toBeNull();
    expect(await page.getAttribute(TOGGLE, 'aria-label')).toBe(
      'Switch between dark and light mode (currently light mode)',
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await theme(page)).toBe('light');
    await context.close();
  });

  it('toggles, stores the choice under `theme` and keeps it on the next visit', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.click(TOGGLE);
    expect(await theme(page)).toBe('dark');
    expect(await stored(page)).toBe('dark');
    expect(await page.getAttribute(TOGGLE, 'aria-label')).toBe(
      'Switch between dark and light mode (currently dark mode)',
    );
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(22, 24, 29)');
    await page.reload();
    await waitForHydration(page);
    expect(await theme(page)).toBe('dark');
    await page.click(TOGGLE);
    expect(await theme(page)).toBe('light');
    expect(await stored(page)).toBe('light');
    await context.close();
  });

  it('sets a stored dark mode before first paint, without the runtime', async () => {
    const { page, context } = await openPage(site, '/docs/intro', {
      init: () => localStorage.setItem('theme', 'dark'),
      noHydration: true,
    });
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 29)');
    // The script sits in <head>, before the stylesheet: it runs before anything is painted.
    const order = await page.evaluate(() =>
      [...document.head.children]
        .map((el) => el.tagName + (el.getAttribute('rel') ?? ''))
        .filter((t) => t === 'SCRIPT' || t === 'LINKstylesheet'),
    );
    expect(order.slice(0, 2)).toEqual(['SCRIPT', 'LINKstylesheet']);
    await context.close();
  });

  it('follows the system preference when respected, and its changes', async () => {
    const { page, context } = await openPage(alt, '/docs/intro', { colorScheme: 'dark' });
    expect(await theme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.getAttribute(TOGGLE, 'aria-label')).toContain('currently dark mode');
    await context.close();
  });

  it('lets a stored choice win on load, and a later system change win over it', async () => {
    const { page, context } = await openPage(alt, '/docs/intro', {
      colorScheme: 'dark',
      init: () => localStorage.getItem('theme') ?? localStorage.setItem('theme', 'light'),
    });
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    // Media queries are evaluated at rendering steps: without a frame between the two switches, a loaded
    // machine can see dark -> dark and fire no change event at all.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await stored(page)).toBeNull();
    await context.close();
  });

  it('follows choices made and cleared in another tab', async () => {
    const { page: first, context } = await openPage(site, '/docs/intro');
    const second = await context.newPage();
    await second.goto(`${site.url}/about`);
    await waitForHydration(second);
    await first.click(TOGGLE);
    await expect.poll(() => theme(second)).toBe('dark');
    expect(await second.getAttribute(TOGGLE, 'aria-label')).toContain('currently dark mode');
    await first.evaluate(() => localStorage.removeItem('theme'));
    await expect.poll(() => theme(second)).toBe('light'); // back to the default mode
    await context.close();
  });
});
