import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/fixtures.ts';
import { connectBrowser, serveDir } from '../helpers/browser.ts';

let browser: Browser;
let site: Awaited<ReturnType<typeof serveDir>>;

beforeAll(async () => {
  const built = await buildFixture('basic');
  site = await serveDir(built.outDir);
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('client-side navigation', () => {
  it('follows an internal link without a full page load and fetches the route chunk', async () => {
    const page = await browser.newPage();
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_portal/') && r.url().includes('docs_guides_second')) chunks.push(r.url());
    });
    await page.goto(`${site.url}/docs/intro`);
    await page.waitForFunction(() => document.querySelector('#__portal a[data-internal]') !== null);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    await page.click('article a[href="/docs/guides/second#details"]');
    await page.waitForURL(`${site.url}/docs/guides/second#details`);
    await expect.poll(() => page.textContent('h1')).toBe('Second guide');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(chunks.length).toBeGreaterThan(0);
    expect(await page.title()).toBe('Second guide | Basic Site');
    await page.close();
  });
});
