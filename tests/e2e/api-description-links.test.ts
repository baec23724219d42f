/// <reference lib="dom" />
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, serveDir } from '../helpers/browser.ts';
import { fixtureDir, quietBuild } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';
import { pageDataAgainstFull, sleep } from './runtime-helpers.ts';

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

/** issue 17 item 3: an API page's first visit takes what its HTML shows back from the document. */
describe('first visit to an API page', () => {
  const open = async (path: string, init?: () => void) => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    if (init) await page.addInitScript(init);
    await page.goto(`${served.url}${path}`);
    await page.waitForFunction(
      () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently') === true,
    );
    return { page, errors, scripts };
  };

  it('loads a chunk without the descriptions, code and examples, and runs on the same data as the full chunk', async () => {
    const { page, errors, scripts } = await open('/portal/docs/api/list-notes');
    await sleep(500);
    const before = [...scripts];
    const boot = await page.evaluate<{ chunk: string; full: string; same: boolean }>(pageDataAgainstFull);
    expect(boot.chunk).toMatch(/\.first-[A-Z0-9]{8}\.js$/);
    // Before the comparison imported it, the page had not asked for its full chunk.
    expect(before.filter((s) => s.endsWith(boot.full.replace(/^.*\//, '')))).toEqual([]);
    expect(boot.same).toBe(true);
    // What was taken back works: a description's link navigates in place, code samples switch.
    await page.click('.api-code-samples [role="tab"]:text-is("Python")');
    expect(await page.locator('.api-code-samples [role="tabpanel"]:visible code').textContent()).toContain('import');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.click('.api-markdown a:text-is("introduction")');
    await page.waitForSelector('h1:text-is("Introduction")');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the full chunk when the page is not as the build saw it', async () => {
    // A marked element unmarked before any script runs, as an extension or a proxy rewriting the page might.
    const { page, errors, scripts } = await open('/portal/docs/api/list-notes', () => {
      new MutationObserver((_, observer) => {
        const marked = document.querySelector('#__portal [data-adopt]');
        if (!marked) return;
        marked.removeAttribute('data-adopt');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const { chunk, full } = await page.evaluate(async () => {
      const boot = JSON.parse(document.getElementById('__PORTAL_DATA__')?.textContent ?? '{}');
      return { chunk: boot.chunk as string, full: (await (await fetch(boot.manifest)).json())[boot.path] as string };
    });
    // The first-visit chunk found the page changed and loaded the full one.
    expect(chunk).toMatch(/\.first-[A-Z0-9]{8}\.js$/);
    expect(scripts.filter((s) => s.endsWith(full.replace(/^.*\//, '')))).toHaveLength(1);
    expect(await page.locator('h1').textContent()).toBe('List notes');
    await page.click('.api-code-samples [role="tab"]:text-is("Python")');
    expect(await page.locator('.api-code-samples [role="tabpanel"]:visible code').textContent()).toContain('import');
    expect(errors).toEqual([]);
    await page.close();
  });
});
