import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, hydrated, isSameDocument, markDocument, openRuntimeSite, sleep } from './runtime-helpers.ts';

// Issue 17 item 3: a Markdown-only page's first visit hydrates without its body's data, adopting the body from
// the HTML; links in it still navigate in place, and coming back to the page loads its full chunk.
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
let based: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
  based = await openRuntimeSite({ baseUrl: '/portal/', serveBase: '/portal/' });
});
afterAll(async () => {
  await site?.close();
  await based?.close();
});

/** Marks the body's first paragraph as the HTML parser creates it, before any script runs. */
async function openMarked(s: typeof site, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await s.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A hydration mismatch is reported on the console (the fixture's missing favicon is not ours to check here).
  page.on(
    'console',
    (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()),
  );
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const p = document.querySelector('[data-static-content] p');
      if (!p) return;
      (p as unknown as { __parsed: boolean }).__parsed = true;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(s.url(path));
  await hydrated(page);
  await markDocument(page);
  return { page, errors };
}
const firstParagraphIsParsed = (page: Page) =>
  page.evaluate(
    () =>
      (document.querySelector('[data-static-content] p') as unknown as { __parsed?: boolean } | null)?.__parsed ===
      true,
  );

describe('first visit to a Markdown-only page', () => {
  it('hydrates from the HTML: the full chunk is not loaded, the parsed nodes stay, and its links navigate in place', async () => {
    const full = site.served(site.chunk('/docs/intro'));
    const { page, errors } = await openMarked(site, '/docs/intro');
    const ownScript = await page.evaluate(
      () => (JSON.parse(document.getElementById('__PORTAL_DATA__')!.textContent!) as { chunk: string }).chunk,
    );
    expect(ownScript).not.toBe(site.chunk('/docs/intro'));
    await sleep(500);
    expect(full).toEqual([]);
    expect(await firstParagraphIsParsed(page)).toBe(true);
    // The runtime still works on the adopted body: a copy button on its code block.
    await expect.poll(() => page.locator('[data-static-content] .code-block .copy-button').count()).toBe(1);
    await page.click('article a[href="/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(await isSameDocument(page)).toBe(true);
    // Back on the page, its body comes from its full chunk and renders the same.
    await page.goBack();
    await expect.poll(() => h1(page)).toBe('Introduction');
    expect(full.length).toBe(1);
    expect(await page.locator('[data-static-content] a[href="/docs/guides/second#details"]').count()).toBe(1);
    expect(await page.locator('[data-static-content] table td').allTextContents()).toEqual(['1', '2']);
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('routes a plain click on an adopted internal link under a base URL, and leaves a modified click to the browser', async () => {
    const { page, errors } = await openMarked(based, '/docs/intro');
    expect(await firstParagraphIsParsed(page)).toBe(true);
    await page.click('article a[href="/portal/"]', { modifiers: ['Control'] });
    await sleep(300);
    expect(await h1(page)).toBe('Introduction');
    await page.click('article a[href="/portal/docs/guides/second#details"]');
    await expect.poll(() => h1(page)).toBe('Second guide');
    expect(new URL(page.url()).pathname).toBe('/portal/docs/guides/second');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
