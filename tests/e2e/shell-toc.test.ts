/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, type ShellSite } from './shell-support.ts';

let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite();
});
afterAll(async () => {
  await site?.close();
});

const activeLink = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.toc .toc-link.active')].map((a) => a.textContent));

/** Scrolls so that the heading's top sits `gap` px below the viewport's top. */
const scrollToHeading = (page: Page, id: string, gap: number) =>
  page.evaluate(
    ([hid, g]) => {
      const el = document.getElementById(hid as string) as HTMLElement;
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - (g as number));
    },
    [id, gap] as const,
  );

describe('table of contents (issue 3 item 5)', () => {
  it('nests levels 2 and 3 from the page and leaves deeper headings out', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const tree = await page.evaluate(() =>
      [...document.querySelectorAll('.toc .toc-body > .toc-list > li')].map((li) => [
        li.querySelector(':scope > a')?.textContent,
        [...li.querySelectorAll(':scope > ul > li > a')].map((a) => a.textContent),
      ]),
    );
    expect(tree).toEqual([1, 2, 3, 4, 5, 6].map((i) => [`Section ${i}`, [`Detail ${i}.1`]]));
    expect(await page.locator('.toc a', { hasText: 'Too deep' }).count()).toBe(0);
    await context.close();
  });

  it('highlights the heading in view while scrolling', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await scrollToHeading(page, 'section-3', 80);
    await expect.poll(() => activeLink(page)).toEqual(['Section 3']);
    await scrollToHeading(page, 'detail-41', 80);
    await expect.poll(() => activeLink(page)).toEqual(['Detail 4.1']);
    // Between headings: the last one above stays highlighted.
    await scrollToHeading(page, 'section-5', 600);
    await expect.poll(() => activeLink(page)).toEqual(['Detail 4.1']);
    expect(await page.getAttribute('.toc .toc-link.active', 'aria-current')).toBe('location');
    await scrollToHeading(page, 'section-2', 80);
    await expect.poll(() => activeLink(page)).toEqual(['Section 2']);
    await context.close();
  });

  it('collapses behind an "On this page" toggle above the content at 996px and below', async () => {
    const { page, context } = await openPage(site, '/docs/intro', { viewport: { width: 996, height: 800 } });
    const toggle = page.locator('.toc .toc-toggle');
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.textContent()).toBe('On this page');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const [tocBottom, mainTop] = await page.evaluate(() => [
      document.querySelector('.toc')?.getBoundingClientRect().bottom ?? 0,
      document.getElementById('__main')?.getBoundingClientRect().top ?? 0,
    ]);
    expect(tocBottom).toBeLessThanOrEqual(mainTop);
    expect(await page.isVisible('.toc a:text-is("Section 2")')).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.isVisible('.toc a:text-is("Section 2")')).toBe(true);
    await page.click('.toc a:text-is("Section 2")');
    await page.waitForURL(/#section-2$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // At 997px it is the desktop column: no toggle, the list always shown.
    await page.setViewportSize({ width: 997, height: 800 });
    expect(await toggle.isVisible()).toBe(false);
    expect(await page.isVisible('.toc a:text-is("Section 2")')).toBe(true);
    await context.close();
  });
});
