/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, serveDir } from '../helpers/browser.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { buildFixture } from '../helpers/fixtures.ts';

// Issue 7: search in a real browser on a small site with an unlisted doc, a draft and a tiny API.
const SEARCH_FILES = /\/c\/SearchDialog-|\/_portal\/search\//;
const INPUT = 'input[role="combobox"]';
const OPTION = '[role="listbox"] [role="option"]';

let built: Awaited<ReturnType<typeof buildFixture>>;
let server: Awaited<ReturnType<typeof serveDir>>;
let browser: Browser;
beforeAll(async () => {
  built = await buildFixture('search-site');
  server = await serveDir(built.outDir);
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  path: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; context: BrowserContext; requests: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}${path}`);
  // Hydrated: the runtime gives the history entry its key.
  await page.waitForFunction(() => (window.history.state as { key?: string } | null)?.key?.length === 6);
  return { page, context, requests, errors };
}

/** Types a query and waits for its answer (the listbox says which query its results are for). */
async function search(page: Page, query: string): Promise<void> {
  await page.fill(INPUT, '');
  await page.type(INPUT, query);
  await page.waitForFunction(
    (q) => document.querySelector('[role="listbox"]')?.getAttribute('data-query') === q,
    query,
  );
}

const optionTexts = (page: Page) =>
  page.$$eval(OPTION, (els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

describe('search (issue 7)', () => {
  it('loads nothing of search on a first visit; Ctrl+K loads the dialog and the index and focuses the field', async () => {
    const { page, context, requests, errors } = await open('/docs/intro');
    expect(requests.filter((u) => SEARCH_FILES.test(u))).toEqual([]);
    const html = await page.content();
    expect(html).not.toMatch(/SearchDialog-/);
    await page.keyboard.press('Control+k');
    await page.waitForSelector(INPUT);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(await page.getAttribute('[role="dialog"]', 'aria-modal')).toBe('true');
    await search(page, 'invocie');
    // Typo tolerance: the invoice section and operation, the word marked.
    const texts = await optionTexts(page);
    expect(texts.some((t) => t.startsWith('Issuing an invoice'))).toBe(true);
    expect(texts.some((t) => t.includes('POST /invoices'))).toBe(true);
    expect(
      await page.$$eval('[role="option"] mark', (ms) => [...new Set(ms.map((m) => m.textContent?.toLowerCase()))]),
    ).toContain('invoice');
    // Grouped by page: each group is labelled with its page's title.
    expect(
      await page.$$eval('[role="listbox"] > [role="group"]', (gs) => gs.map((g) => g.getAttribute('aria-label'))),
    ).toEqual(expect.arrayContaining(['Billing customers', 'Issue an invoice']));
    expect(
      requests
        .filter((u) => SEARCH_FILES.test(u))
        .map((u) => u.replace(/^.*\/(c|search)\//, '$1/').replace(/-[\w]+\.(js|json)$/, '')),
    ).toEqual(expect.arrayContaining(['c/SearchDialog', 'search/manifest.json']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves through results with the arrows and opens one at its heading with Enter, client-side', async () => {
    const { page, context } = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await page.keyboard.press('/');
    await search(page, 'payment');
    const activeText = () =>
      page.evaluate(
        () =>
          document
            .getElementById(
              document.querySelector('input[role="combobox"]')?.getAttribute('aria-activedescendant') ?? '',
            )
            ?.innerText.replace(/\s+/g, ' ')
            .trim() ?? '',
      );
    const options = await optionTexts(page);
    expect(options.length).toBeGreaterThan(1);
    expect(await activeText()).toContain(options[0]?.slice(0, 20));
    await page.keyboard.press('ArrowDown');
    expect(await activeText()).toContain(options[1]?.slice(0, 20));
    expect(await page.getAttribute(`${OPTION}[aria-selected="true"]`, 'id')).toBe(
      await page.getAttribute(INPUT, 'aria-activedescendant'),
    );
    await page.keyboard.press('ArrowUp');
    expect(await activeText()).toContain(options[0]?.slice(0, 20));
    const target = options.findIndex((t) => t.startsWith('Recording a payment'));
    expect(target).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/guides\/invoices#recording-a-payment$/);
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true); // no full reload
    expect(await page.isVisible('[role="dialog"]')).toBe(false);
    await page.waitForFunction(() => {
      const r = document.getElementById('recording-a-payment')?.getBoundingClientRect();
      return r !== undefined && r.top >= 0 && r.top < window.innerHeight / 2;
    });
    await context.close();
  });

  it('closes with Escape, giving focus back to the navbar button, and keeps the query for the next time', async () => {
    const { page, context } = await open('/docs/intro');
    await page.click('button.navbar-search');
    await search(page, 'consent');
    expect(await optionTexts(page)).toEqual([expect.stringContaining('Email consent')]);
    await page.keyboard.press('Escape');
    expect(await page.isVisible('[role="dialog"]')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar-search'))).toBe(true);
    await page.keyboard.press('Control+k');
    expect(await page.inputValue(INPUT)).toBe('consent');
    await context.close();
  });

  it('finds API operations by path and by method and word', async () => {
    const { page, context } = await open('/docs/intro');
    await page.keyboard.press('Control+k');
    await search(page, '/orders/{id}');
    expect(await optionTexts(page)).toEqual([
      expect.stringContaining('GET /orders/{id}'),
      expect.stringContaining('DELETE /orders/{id}'),
    ]);
    await search(page, 'delete customer');
    expect((await optionTexts(page))[0]).toContain('DELETE /customers/{customerId}');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/api\/remove-a-customer-record$/);
    await context.close();
  });

  it('does not index unlisted or draft docs', async () => {
    const { page, context } = await open('/docs/intro');
    await page.keyboard.press('Control+k');
    for (const word of ['zeppelin', 'quasar']) {
      await search(page, word);
      expect(await page.textContent('.search-status')).toBe(`No results for “${word}”`);
    }
    await context.close();
  });

  it('is hidden on mobile (996px and below), shortcuts included', async () => {
    const { page, context, requests } = await open('/docs/intro', { width: 996, height: 800 });
    expect(await page.isVisible('button.navbar-search')).toBe(false);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('/');
    await page.waitForTimeout(200);
    expect(await page.$(INPUT)).toBeNull();
    expect(requests.filter((u) => SEARCH_FILES.test(u))).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violation with results open', async () => {
    const { page, context } = await open('/docs/intro');
    await page.keyboard.press('Control+k');
    await search(page, 'customer');
    expect(await seriousViolations(page, { include: '.search-overlay' })).toEqual([]);
    await context.close();
  });

  it('answers queries quickly once the index is loaded (logged; the budget is checked by `portal bench`)', async () => {
    const { page, context } = await open('/docs/intro');
    await page.keyboard.press('Control+k');
    const queries = ['invoice', 'customer consent', 'delete order', '/orders/{id}', 'payment refund', 'authentication'];
    for (const q of queries) await search(page, q); // loads every shard and store these need
    await page.evaluate(() => performance.clearMeasures('portal-search-query'));
    for (const q of queries) await search(page, q);
    const times = await page.evaluate(() => performance.getEntriesByName('portal-search-query').map((e) => e.duration));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `search-site: median query ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms over ${times.length} keystroke queries after load (max ${sorted.at(-1)?.toFixed(1)} ms)`,
    );
    expect(times.length).toBeGreaterThan(queries.length);
    await context.close();
  });
});

describe('files for machines (issue 7), as a browser and a crawler get them', () => {
  // Both only fetch from the page and read its head: one load serves them.
  let opened: ReturnType<typeof open> | undefined;
  const intro = async () => (await (opened ??= open('/docs/intro'))).page;
  afterAll(async () => {
    await (await opened)?.context.close();
  });

  it('serves a sitemap.xml that parses as XML and lists every public route, and a robots.txt pointing at it', async () => {
    const page = await intro();
    const sitemap = await page.evaluate(async () => {
      const text = await (await fetch('/sitemap.xml')).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.namespaceURI,
        locs: [...doc.getElementsByTagName('loc')].map((l) => l.textContent),
      };
    });
    expect(sitemap.error).toBeNull();
    expect(sitemap.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const publicRoutes = built.table.routes.filter((r) => !r.unlisted).map((r) => `https://search.example${r.path}`);
    expect(sitemap.locs.sort()).toEqual(publicRoutes.sort());
    expect(sitemap.locs).not.toContain('https://search.example/docs/guides/secret-roadmap');
    expect(sitemap.locs.some((l) => l?.includes('draft'))).toBe(false);
    const robots = await page.evaluate(async () => (await fetch('/robots.txt')).text());
    expect(robots).toContain('Sitemap: https://search.example/sitemap.xml');
  });

  it('publishes llms.txt, llms-full.txt, each doc as Markdown beside its page, and social meta with a real image', async () => {
    const page = await intro();
    const get = (p: string) =>
      page.evaluate(async (u) => {
        const r = await fetch(u);
        return {
          status: r.status,
          type: r.headers.get('content-type'),
          text: u.endsWith('.png') ? '' : await r.text(),
        };
      }, p);
    const llms = await get('/llms.txt');
    expect(llms.text).toMatch(/^# Search Fixture\n\n> Finding things in a small portal\n/);
    expect(llms.text).toContain(
      '- [Billing customers](https://search.example/docs/guides/invoices.md): Issue invoices, send them and record payments.',
    );
    expect(llms.text).toContain(
      '- [Remove a customer record](https://search.example/docs/api/remove-a-customer-record): Permanently removes the record and its history.',
    );
    expect(llms.text).not.toMatch(/Secret roadmap|Draft notes/);
    expect((await get('/llms-full.txt')).text).toContain('## Recording a payment');
    const md = await get('/docs/guides/invoices.md');
    expect(md.status).toBe(200);
    expect(
      md.text.startsWith('# Billing customers\n\nIssue invoices, send them and record payments.\n\nBusinesses bill'),
    ).toBe(true);
    const meta = await page.$$eval('meta[property^="og:"], meta[name^="twitter:"]', (ms) =>
      Object.fromEntries(
        ms.map((m) => [m.getAttribute('property') ?? m.getAttribute('name'), m.getAttribute('content')]),
      ),
    );
    expect(meta).toMatchObject({
      'og:title': 'Introduction | Search Fixture',
      'og:description': 'What the shop API does and how to call it.',
      'og:image': 'https://search.example/img/card.png',
      'twitter:card': 'summary_large_image',
      'twitter:description': 'What the shop API does and how to call it.',
    });
    const image = await get('/img/card.png');
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/png');
  });
});
