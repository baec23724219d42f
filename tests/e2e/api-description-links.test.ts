/// <reference lib="dom" />
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, serveDir } from '../helpers/browser.ts';
import { fixtureDir, quietBuild } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

let browser: Browser;
let served: Awaited<ReturnType<typeof serveDir>>;

beforeAll(async () => {
  // The api-links fixture with its deliberately broken links fixed, served under a base URL.
  const doc = await fs.readFile(path.join(fixtureDir('api-links'), 'openapi/links.yaml'), 'utf8');
  const dir = await scenario(
    'api-links-served',
    {
      'openapi/links.yaml': doc
        .replace('(/docs/guides/notes)', '(/docs/intro)')
        .replace('(/docs/limits)', '(/docs/intro#authentication)'),
    },
    'api-links',
  );
  await quietBuild({ root: dir, baseUrl: '/portal/' });
  served = await serveDir(path.join(dir, 'build'), '/portal/');
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** issue 5: a link in an OpenAPI description behaves like any internal link of the portal. */
describe('links in API descriptions', () => {
  it('carry the base URL and navigate client-side, to the anchor', async () => {
    const page = await browser.newPage();
    await page.goto(`${served.url}/portal/docs/api/create-a-note`);
    await page.waitForFunction(
      () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently') === true,
    );
    const link = page.locator('.api-markdown a:text-is("the limits page")');
    expect(await link.getAttribute('href')).toBe('/portal/docs/intro#authentication');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await link.click();
    await page.waitForURL(`${served.url}/portal/docs/intro#authentication`);
    await page.waitForSelector('h1:text-is("Introduction")');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.close();
  });
});
