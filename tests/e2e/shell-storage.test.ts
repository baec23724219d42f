/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShellSite, type ShellSite } from './shell-support.ts';

let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite();
});
afterAll(async () => {
  await site?.close();
});

describe('storage unavailable (issue 3 item 11)', () => {
  it('warns once and carries on: the toggle and the announcement close still work for the page', async () => {
    const warnings: string[] = [];
    const errors: string[] = [];
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/docs/intro`);
    await page.waitForFunction(() =>
      document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently'),
    );
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.click('nav.navbar .color-mode-toggle');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.click('nav.navbar .color-mode-toggle');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.click('button[aria-label="Close announcement"]');
    expect(await page.locator('.announcement-bar').count()).toBe(0);
    const storageWarnings = warnings.filter((w) => w.includes('Browser storage is unavailable'));
    expect(storageWarnings).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
