import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { scenario } from '../helpers/scenario.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
let dir: string;

beforeAll(async () => {
  dir = await scenario('serve', {});
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: memoryLogger() });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('portal serve', () => {
  it('reloads an open page after an edit, and shows then clears a build error overlay', async () => {
    const page = await browser.newPage();
    // A call that hangs fails on its own, naming itself, well before the test's timeout does.
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/docs/guides/first`);
    await expect.poll(() => page.textContent('h1')).toBe('First guide');
    // The page listens for reloads once its script has run; an edit saved before that would not reach it.
    await expect.poll(() => server.liveClients(), { timeout: 15_000 }).toBeGreaterThan(0);
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');

    await fs.writeFile(file, original.replace('# First guide', '# First guide, edited'));
    await expect.poll(() => page.textContent('h1'), { timeout: 20_000 }).toBe('First guide, edited');

    await fs.writeFile(file, `${original}\n<div>\nunclosed\n`);
    const overlay = page.locator('#portal-error-overlay');
    await expect.poll(() => overlay.count(), { timeout: 20_000 }).toBe(1);
    expect(await overlay.textContent()).toContain('first.md');
    expect(await overlay.textContent()).toContain('MDX could not be compiled');

    await fs.writeFile(file, original);
    await expect.poll(() => page.locator('#portal-error-overlay').count(), { timeout: 20_000 }).toBe(0);
    await page.close();
    // Three rebuilds of up to 20 s each on a loaded machine: more than the default minute.
  }, 90_000);

  it('refuses paths outside the output folder', async () => {
    for (const attempt of ['/../../etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%252e%252e/%252e%252e/etc/passwd', '/docs/..\\..\\etc\\passwd', '/docs%00.html']) {
      const res = await fetch(`${server.url}${attempt}`);
      expect([400, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('root:');
    }
    const ok = await fetch(`${server.url}/docs/intro`);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
