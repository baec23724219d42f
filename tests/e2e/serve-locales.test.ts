import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

// A translated page under `portal serve` (issue 16 item 3): the default locale's client side is ready first, and
// its early update is not this page's to take; the page must neither reload into the old output nor miss its own.

let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
let dir: string;
const log = memoryLogger();

beforeAll(async () => {
  dir = await scenario('serve-locales', {}, 'locales-two');
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('portal serve with two locales', () => {
  it('shows an edit of a translated doc in place on its French page', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    const opened = page.waitForResponse((r) => r.url().includes('/__portal/events'));
    await page.goto(`${server.url}/fr/docs/intro`);
    await opened;
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    const file = path.join(dir, 'site/i18n/fr/docs/intro.md');
    const original = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, original.replace('Installez-le.', 'Installez-le, puis lancez-le.'));
    try {
      await page.waitForFunction(() => document.body.textContent?.includes('puis lancez-le'), null, {
        timeout: 30_000,
      });
    } catch (err) {
      throw new Error(`the edit never showed: ${(err as Error).message}\nserver log:\n${log.text().slice(-2000)}`);
    }
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await page.close();
  }, 60_000);
});
