import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import type { Logger } from '../log.js';
import { spread } from './spread.js';
import { buildSearchIndex } from '../search/build-index.js';
import { syntheticSearchUnits } from '../search/synthetic-units.js';
import { createStaticServer, listen } from '../serve/static-server.js';
import { chromiumFailure, chromiumLauncher } from './chromium.js';
import { createSearchEngine } from '../../templates/search/query.js';
import { QUERY_MEASURE, SEARCH_PATH } from '../../templates/shared/search-terms.js';

/** Typed, keystroke by keystroke, as a reader would: every prefix is searched and may fetch files. */
const FIRST_QUERIES = ['create invoice', 'delete customer', 'liquid filter'];
const QUERY_SET = [
  'invoice',
  'create invoice',
  'delete customer',
  '/orders/{id}',
  'liquid filter',
  'email consent',
  'pagination cursor',
  'webhook retry',
  'theme settings',
  'refund payment',
];
const CORPUS_PAGES = 10_000;
const gz = (data: string | Uint8Array): number => gzipSync(data, { level: 9 }).length;
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: readonly number[]): number => spread(xs).median;

/**
 * Issue 7's budgets: what the first search on the portal downloads and how fast a query answers once loaded
 * (both in Chromium, through the real dialog), and what the first query downloads on a 10,000-page site
 * (its index built from generated search units, not from a full build; queried with the browser's code in
 * Node).
 */
export async function benchSearch(o: { root: string; portalOut: string; log: Logger }): Promise<void> {
  try {
    const browser = await browserFigures(o.portalOut, o.log);
    await corpusFigures(o.root, o.log, browser?.codeGzip ?? 0);
  } catch (err) {
    o.log.error(`search figures: failed, skipped (${String((err as Error).message).split('\n')[0]})`);
  }
}

async function browserFigures(outDir: string, log: Logger): Promise<{ codeGzip: number } | undefined> {
  const launch = await chromiumLauncher();
  if (typeof launch === 'string') {
    log.warn(`search in the browser: skipped, ${launch}`);
    return undefined;
  }
  const server = createStaticServer({ root: outDir, baseUrl: '/' });
  const { url } = await listen(server, 0, '127.0.0.1');
  const browser = await launch().catch((err: Error) => {
    log.warn(`search in the browser: skipped, ${chromiumFailure(err)}`);
    return undefined;
  });
  if (!browser) return void server.close();
  try {
    const openSearch = async () => {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto(`${url}/docs/intro`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => (window.history.state as { key?: string } | null)?.key?.length === 6);
      return page;
    };
    const answered = (page: import('playwright-core').Page, q: string) =>
      page.waitForFunction(
        (query) => document.querySelector('[role="listbox"]')?.getAttribute('data-query') === query,
        q,
      );

    // 1. The first search: everything fetched from pressing Ctrl+K to the answer of the typed query.
    let codeGzip = 0;
    for (const query of FIRST_QUERIES) {
      const page = await openSearch();
      const fetched: Array<{ url: string; gzip: number }> = [];
      page.on('response', (r) => {
        // Route chunks prefetched for links in view are the page's, not the search's.
        if (!/\/_portal\/r\d+-|\/_portal\/manifest-/.test(r.url()))
          void r.body().then(
            (b) => fetched.push({ url: r.url(), gzip: gz(b) }),
            () => {},
          );
      });
      await page.keyboard.press('Control+k');
      await page.waitForSelector('input[role="combobox"]');
      await page.keyboard.type(query, { delay: 40 });
      await answered(page, query);
      await page.waitForLoadState('networkidle');
      const code = fetched.filter((f) => f.url.endsWith('.js')).reduce((n, f) => n + f.gzip, 0);
      const index = fetched.filter((f) => f.url.includes(`/${SEARCH_PATH}/`)).reduce((n, f) => n + f.gzip, 0);
      codeGzip = Math.max(codeGzip, code);
      log.info(
        `first search on the portal ("${query}", typed): ${kb(code + index)} gzip in ${fetched.length} files (code ${kb(code)}, index ${kb(index)}); budget 150 KB`,
      );
      await page.context().close();
    }

    // 2. Query time once loaded: every query typed once (fetching what it needs), then each entered whole again.
    const page = await openSearch();
    await page.keyboard.press('Control+k');
    await page.waitForSelector('input[role="combobox"]');
    for (const q of QUERY_SET) {
      await page.fill('input[role="combobox"]', q);
      await answered(page, q);
    }
    await page.evaluate((name) => performance.clearMeasures(name), QUERY_MEASURE);
    for (const q of QUERY_SET) {
      await page.fill('input[role="combobox"]', '');
      await page.fill('input[role="combobox"]', q);
      await answered(page, q);
    }
    const times = await page.evaluate(
      (name) => performance.getEntriesByName(name).map((e) => e.duration),
      QUERY_MEASURE,
    );
    log.info(
      `search query on the portal once loaded, in Chromium: median ${median(times).toFixed(1)} ms over ${times.length} queries (max ${Math.max(...times).toFixed(1)} ms); budget 20 ms`,
    );
    return { codeGzip };
  } finally {
    await browser.close();
    server.close();
  }
}

async function corpusFigures(root: string, log: Logger, codeGzip: number): Promise<void> {
  const docs = await fg('site/docs/**/*.{md,mdx}', { cwd: root, absolute: true });
  const words = (await Promise.all(docs.map((f) => fs.readFile(f, 'utf8')))).flatMap((t) =>
    t
      .replace(/```[\s\S]*?```/g, ' ')
      .split(/[^A-Za-z]+/)
      .filter((w) => w.length > 1),
  );
  if (words.length === 0)
    return log.warn(
      `search on ${CORPUS_PAGES} pages: skipped, no docs under ${path.join(root, 'site/docs')} to draw words from`,
    );
  const units = syntheticSearchUnits({ pages: CORPUS_PAGES, words });
  const started = performance.now();
  const index = buildSearchIndex(units, { dir: SEARCH_PATH });
  const buildMs = performance.now() - started;
  const files = new Map(index.files.map((f) => [path.posix.basename(f.path), String(f.contents)]));
  log.info(
    `search index of ${CORPUS_PAGES} generated pages (${units.length} sections, index only): built in ${(buildMs / 1000).toFixed(1)} s, ${files.size} files, ${index.manifest.shards.length} shard files`,
  );
  const perQuery: string[] = [];
  let worst = 0;
  for (const query of FIRST_QUERIES) {
    const fetched = new Set<string>();
    const engine = createSearchEngine({
      fetchJson: async (file) => {
        fetched.add(file);
        return JSON.parse(files.get(file) ?? 'null');
      },
    });
    for (let i = 1; i <= query.length; i++) await engine.search(query.slice(0, i));
    const bytes = [...fetched].reduce((n, f) => n + gz(files.get(f) ?? ''), 0) + codeGzip;
    worst = Math.max(worst, bytes);
    perQuery.push(`"${query}" ${kb(bytes)} in ${fetched.size} files`);
  }
  log.info(
    `first query on ${CORPUS_PAGES} pages (typed, search code ${codeGzip ? 'included' : 'not measured'}): at most ${kb(worst)} gzip (${perQuery.join('; ')}); budget 500 KB`,
  );
}
