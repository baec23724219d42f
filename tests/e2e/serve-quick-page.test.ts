import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../src/bench/openapi.ts';
import { serve } from '../../src/commands/serve.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';
import { startServe } from '../helpers/serve-start.ts';
import { hydrated, markDocument, isSameDocument } from './runtime-helpers.ts';

// issue 16 item 2: after a fresh start, the first page asked for is made alone (src/serve/quick-site.ts) and shown
// while the first build goes on; once that build is ready the page becomes the build's. An API reference of 300
// operations keeps the first build busy for seconds after the page is shown.

let browser: Browser;
let dir: string;
beforeAll(async () => {
  dir = await scenario(
    'serve-quick',
    {
      'openapi/shop.yaml': generateOpenApiDocument(300),
      'site/docs/intro.md': '---\ntitle: Introduction\n---\n\n# Introduction\n\nThe [API reference](/docs/api).\n',
    },
    'api-shop',
  );
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const bootManifest = (page: Page) =>
  page.evaluate(() => /"manifest":"([^"]+)"/.exec(document.documentElement.innerHTML)?.[1]);

describe('portal serve after a fresh start', () => {
  it("shows the first page before the first build ends, working, then the build's page in its place", async () => {
    const { announced, starting, log } = startServe(dir);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // What the server had said when the page's answer arrived (its own timing, not this test's).
    let saidWhenAnswered: string | undefined;
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
      if (new URL(r.url()).pathname === '/docs/intro') saidWhenAnswered ??= log.text();
    });
    // The browser's own request of /favicon.ico (the fixture has none) is not the page's: its requests are below.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    try {
      await page.goto(`${await announced}/docs/intro`);
      // Answered before the build could answer any page: its client and server side were not bundled yet.
      expect(saidWhenAnswered).toBeDefined();
      expect(saidWhenAnswered).not.toContain('bundle');
      expect(await page.textContent('h1')).toBe('Introduction');
      // Shown, styled and hydrated, with its logo's static file.
      await hydrated(page);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      const first = await bootManifest(page);
      await markDocument(page);
      const server = await starting;
      try {
        // The build's own page: loaded again in full, as its client side is another one.
        await expect.poll(() => isSameDocument(page), { timeout: 20_000 }).toBe(false);
        await hydrated(page);
        expect(await bootManifest(page)).not.toBe(first);
        expect(await page.textContent('h1')).toBe('Introduction');
        // Now with the API reference the first page could not have.
        expect(await page.locator('a[href="/docs/api"]').count()).toBeGreaterThan(0);
        expect(errors).toEqual([]);
      } finally {
        await server.close();
      }
    } finally {
      await page.close();
      await (await starting.catch(() => undefined))?.close();
    }
  }, 90_000);

  it('shows the error when its first build fails, having nothing else to show, and the page once it is fixed', async () => {
    const broken = await scenario('serve-first-fails', {
      'site/docs/guides/first.md': '# First guide\n\nA [broken link](/docs/nowhere).\n',
    });
    const log = memoryLogger();
    const server = await serve({ root: broken, port: 0, host: '127.0.0.1', log });
    const page = await browser.newPage();
    try {
      expect(log.text()).toContain('the preview shows the error until a build succeeds');
      const answer = await page.goto(`${server.url}/docs/intro`);
      expect(answer?.status()).toBe(503);
      expect(await page.textContent('h1')).toBe('Build failed');
      expect(await page.textContent('pre')).toContain('broken link "/docs/nowhere"');
      await fs.writeFile(`${broken}/site/docs/guides/first.md`, '# First guide\n\nA [fixed link](/docs/intro).\n');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Introduction', null, {
        timeout: 30_000,
      });
    } finally {
      await page.close();
      await server.close();
      await fs.rm(broken, { recursive: true, force: true });
    }
  }, 90_000);
});
