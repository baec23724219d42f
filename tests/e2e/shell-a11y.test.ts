/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, seriousViolations } from '../helpers/axe.ts';
import { openPage, startPortalSite, startShellSite, waitForHydration, type ShellSite } from './shell-support.ts';

let fixture: ShellSite;
beforeAll(async () => {
  fixture = await startShellSite();
});
afterAll(async () => {
  await fixture?.close();
});

describe('accessibility of the shell (issue 3 item 12), fixture site', () => {
  // The doc page, where this fixture's shell has what the portal lacks (a second locale); its home and
  // not-found pages are the same shell as the portal's, checked below: 15 s of the suite for nothing new.
  it.each([['doc', '/docs/intro']])(
    'has no serious or critical axe violation on the %s page, light and dark',
    async (_, route) => {
      const { page, context } = await openPage(fixture, route);
      expect(await seriousViolations(page)).toEqual([]);
      await page.click('nav.navbar .color-mode-toggle');
      expect(await seriousViolations(page, { only: COLOUR_RULES })).toEqual([]);
      await context.close();
    },
  );

  it('has none with a dropdown open, or in the mobile panel', async () => {
    const { page, context } = await openPage(fixture, '/docs/intro');
    await page.click('.navbar-items-left .navbar-dropdown > button');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 600, height: 800 });
    await page.click('button.navbar-toggle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('button:has-text("Back to main menu")');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('reaches every shell control by keyboard, each with a visible focus indicator', async () => {
    const { page, context } = await openPage(fixture, '/docs/intro');
    const stops: Array<{ name: string; visible: boolean; outline: boolean }> = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          return {
            name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
            visible: el.checkVisibility() && el.getBoundingClientRect().width > 0,
            outline:
              (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) ||
              style.boxShadow !== 'none',
          };
        }),
      );
    }
    const names = stops.map((s) => s.name);
    for (const control of [
      'Skip to main content',
      'Close announcement',
      'Shell',
      'Docs',
      'More',
      'Search',
      'Language: English',
      'GitHub',
      'Switch between dark and light mode (currently light mode)',
      'Toggle the category Guides',
      'Reference',
    ]) {
      expect(names).toContain(control);
    }
    expect(stops.filter((s) => !s.visible || !s.outline)).toEqual([]);
    await context.close();
  });
});

describe('code blocks (issue 3 item 12)', () => {
  it('get a copy button that copies the code, also after client-side navigation', async () => {
    const { page, context } = await openPage(fixture, '/docs/intro', {
      init: () => {
        Object.defineProperty(navigator, 'clipboard', {
          value: {
            writeText: (text: string) =>
              ((window as unknown as { copied: string[] }).copied ??= []).push(text) && Promise.resolve(),
          },
        });
      },
    });
    const button = page.locator('article .code-block .copy-button');
    await button.waitFor({ state: 'attached' });
    expect(await button.getAttribute('aria-label')).toBe('Copy code to clipboard');
    await page.hover('article .code-block');
    await button.click();
    expect(await button.textContent()).toBe('Copied');
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([
      "console.log('hello');",
    ]);
    await page.click('.doc-sidebar a:text-is("Second guide")');
    await page.waitForURL(`${fixture.url}/docs/guides/second`);
    await page.locator('article .code-block .copy-button').waitFor({ state: 'attached' });
    expect(await page.locator('article .code-block .copy-button').count()).toBe(1);
    await context.close();
  });
});

describe('accessibility of the real portal (issue 3 item 12)', () => {
  let portal: ShellSite;
  beforeAll(async () => {
    portal = await startPortalSite();
  }, 300_000);
  afterAll(async () => {
    await portal?.close();
  });

  it.each([
    ['home', '/'],
    ['doc', '/docs/themes/intro'],
    ['API operation', '/docs/api/add-order'],
    ['API tag', '/docs/api/orders'],
    ['not-found', '/no-such-page'],
  ])('has no serious or critical axe violation on the %s page, light and dark', async (_, route) => {
    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}${route}`);
    await waitForHydration(page);
    // Closed responses and schema branches are content too: check them open.
    await page.evaluate(() =>
      document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('nav.navbar .color-mode-toggle');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await seriousViolations(page, { only: COLOUR_RULES })).toEqual([]);
    await context.close();
  });
});
