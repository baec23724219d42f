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
const log = memoryLogger();

beforeAll(async () => {
  dir = await scenario('serve', {});
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('portal serve', () => {
  it('reloads an open page after an edit, and shows then clears a build error overlay', async () => {
    const page = await browser.newPage();
    // Every wait is bounded and says what it waited for, with the server's log: a page left loading after a
    // reload, or a rebuild that never came, fails here by name instead of timing the whole test out.
    page.setDefaultTimeout(20_000);
    const step = async (what: string, wait: () => Promise<unknown>): Promise<void> => {
      try {
        await wait();
      } catch (err) {
        throw new Error(
          `${what}: ${String((err as Error).message).split('\n')[0]}\nserver log:\n${log.text().slice(-3000)}`,
        );
      }
    };
    const heading = (text: string) =>
      page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, text, { timeout: 20_000 });
    await step('open the page', () => page.goto(`${server.url}/docs/guides/first`));
    await step('the first heading', () => heading('First guide'));
    // The page listens for reloads once its script has run; an edit saved before that would not reach it.
    await step('the live-reload stream', () =>
      expect.poll(() => server.liveClients(), { timeout: 15_000 }).toBeGreaterThan(0),
    );
    const file = path.join(dir, 'site/docs/guides/first.md');
    const original = await fs.readFile(file, 'utf8');

    await fs.writeFile(file, original.replace('# First guide', '# First guide, edited'));
    await step('the edited heading after a reload', () => heading('First guide, edited'));

    await fs.writeFile(file, `${original}\n<div>\nunclosed\n`);
    const overlay = page.locator('#portal-error-overlay');
    await step('the error overlay', () => overlay.waitFor({ state: 'attached' }));
    expect(await overlay.textContent()).toContain('first.md');
    expect(await overlay.textContent()).toContain('MDX could not be compiled');

    await fs.writeFile(file, original);
    await step('the overlay cleared', () => overlay.waitFor({ state: 'detached' }));
    await page.close();
    // Three rebuilds of up to 20 s each on a loaded machine, each wait bounded on its own.
  }, 150_000);

  it('refuses paths outside the output folder', async () => {
    for (const attempt of [
      '/../../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%252e%252e/%252e%252e/etc/passwd',
      '/docs/..\\..\\etc\\passwd',
      '/docs%00.html',
    ]) {
      const res = await fetch(`${server.url}${attempt}`);
      expect([400, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('root:');
    }
    const ok = await fetch(`${server.url}/docs/intro`);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
