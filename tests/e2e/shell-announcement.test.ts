/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, waitForHydration, type ShellSite } from './shell-support.ts';

let site: ShellSite; // announcement bar id "release-2", closeable
beforeAll(async () => {
  site = await startShellSite();
});
afterAll(async () => {
  await site?.close();
});

const BAR = '.announcement-bar';
const storage = (page: Page) =>
  page.evaluate(() => ({
    current: localStorage.getItem('announcement-bar'),
    legacy: localStorage.getItem('annoucement-bar'),
  }));

describe('announcement bar (issue 3 item 7)', () => {
  it('shows the configured content and colours, and closing stores the dismissal with the banner id', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const bar = page.locator(BAR);
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.locator('.announcement-content').innerHTML()).toBe(
      'Release 2 is out: read the <a href="/docs/intro">introduction</a>.',
    );
    expect(await bar.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual([
      'rgb(255, 243, 205)',
      'rgb(61, 44, 0)',
    ]);
    await page.click('button[aria-label="Close announcement"]');
    expect(await page.locator(BAR).count()).toBe(0);
    expect(await storage(page)).toEqual({ current: '{"id":"release-2","dismissed":true}', legacy: null });
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator(BAR).count()).toBe(0);
    await context.close();
  });

  it('does not flash a dismissed bar: hidden before the runtime runs', async () => {
    const { page, context } = await openPage(site, '/docs/intro', {
      init: () => localStorage.setItem('announcement-bar', JSON.stringify({ id: 'release-2', dismissed: true })),
      noHydration: true,
    });
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.announcementDismissed)).toBe('true');
    expect(await page.locator(BAR).count()).toBe(1); // in the HTML…
    expect(await page.isVisible(BAR)).toBe(false); // …but never shown
    await context.close();
  });

  it('shows the bar again when the banner id changed', async () => {
    const { page, context } = await openPage(site, '/docs/intro', {
      init: () => localStorage.setItem('announcement-bar', JSON.stringify({ id: 'release-1', dismissed: true })),
    });
    expect(await page.isVisible(BAR)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.announcementDismissed)).toBeUndefined();
    await context.close();
  });

  it('migrates a value stored under the older misspelt key `annoucement-bar`', async () => {
    const { page, context } = await openPage(site, '/docs/intro', {
      init: () => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('annoucement-bar', JSON.stringify({ id: 'release-2', dismissed: true }));
        }
      },
    });
    expect(await page.isVisible(BAR)).toBe(false);
    expect(await storage(page)).toEqual({ current: '{"id":"release-2","dismissed":true}', legacy: null });
    await context.close();
  });
});
