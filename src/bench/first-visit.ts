import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger } from '../log.js';
import { createStaticServer, listen } from '../serve/static-server.js';
import { chromiumFailure, chromiumLauncher } from './chromium.js';

/** The pages issue 17 tracks: one of each heavy page type of the portal. */
export const FIRST_VISIT_PAGES = [
  '/',
  '/docs/intro',
  '/docs/themes/engines/liquid/filters',
  '/docs/api/get-single-employee',
  '/docs/api/orders',
];
/** How long a reader looks at the page without touching it. */
const IDLE_MS = 2500;

export interface FirstVisit {
  path: string;
  /** The page's own scripts: its module entry and modulepreloads, as the HTML names them. */
  itself: { gzip: number; files: number };
  /** Every JavaScript file fetched from navigation start to IDLE_MS after load (prefetches included). */
  all: { gzip: number; files: number };
}

/** The scripts the HTML asks for itself: the module entry and every modulepreload, once each. */
export function ownScripts(html: string): string[] {
  return [
    ...new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"|<script type="module" src="([^"]+)"/g)].map(
        (m) => (m[1] ?? m[2]) as string,
      ),
    ),
  ];
}

/**
 * Issue 17's first-visit table, measured in Chromium: each page is opened in a fresh context (empty cache),
 * left alone for 2.5 s after load, and every JavaScript response counted. Sizes are the built files gzipped
 * at level 9 (what a compressing server sends), read from the output folder, so a prefetch whose body the
 * browser does not expose still counts.
 */
export async function firstVisitsInChromium(
  outDir: string,
  pages: readonly string[] = FIRST_VISIT_PAGES,
): Promise<FirstVisit[] | string> {
  const launch = await chromiumLauncher();
  if (typeof launch === 'string') return launch;
  const browser = await launch().catch((err: Error) => err);
  if (browser instanceof Error) return chromiumFailure(browser);
  const server = createStaticServer({ root: outDir, baseUrl: '/' });
  const { url } = await listen(server, 0, '127.0.0.1');
  const sizes = new Map<string, number>();
  const gzipOf = async (pathname: string): Promise<number> => {
    let size = sizes.get(pathname);
    if (size === undefined) {
      size = gzipSync(await fs.readFile(path.join(outDir, decodeURIComponent(pathname).replace(/^\/+/, ''))), {
        level: 9,
      }).length;
      sizes.set(pathname, size);
    }
    return size;
  };
  const sum = async (paths: Iterable<string>) => {
    let gzip = 0;
    let files = 0;
    for (const p of paths) {
      gzip += await gzipOf(p);
      files++;
    }
    return { gzip, files };
  };
  try {
    const results: FirstVisit[] = [];
    for (const route of pages) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const fetched = new Set<string>();
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (u.origin === url && u.pathname.endsWith('.js') && r.ok()) fetched.add(u.pathname);
      });
      const response = await page.goto(`${url}${route}`, { waitUntil: 'load' });
      const html = (await response?.text()) ?? '';
      await page.waitForTimeout(IDLE_MS);
      const own = ownScripts(html).map((s) => new URL(s, `${url}${route}`).pathname);
      results.push({ path: route, itself: await sum(own), all: await sum(new Set([...own, ...fetched])) });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** The table as `npm run bench` prints it, with the budgets. */
export function formatFirstVisits(rows: readonly FirstVisit[]): string[] {
  const width = Math.max(...rows.map((r) => r.path.length), 4);
  return [
    `first visit in Chromium (JS gzip, no interaction, ${IDLE_MS / 1000} s after load); budgets: itself ≤ 100 KB and ≤ 10 files, in all ≤ 150 KB`,
    `  ${'page'.padEnd(width)}  itself   files  in all   files`,
    ...rows.map(
      (r) =>
        `  ${r.path.padEnd(width)}  ${kb(r.itself.gzip).padStart(6)}  ${String(r.itself.files).padStart(6)}  ${kb(r.all.gzip).padStart(6)}  ${String(r.all.files).padStart(6)}`,
    ),
  ];
}

/** `npm run bench`'s first-visit table for the portal's build in `outDir`. */
export async function benchFirstVisit(outDir: string, log: Logger): Promise<void> {
  const rows = await firstVisitsInChromium(outDir).catch((err: Error) => `failed (${err.message.split('\n')[0]})`);
  if (typeof rows === 'string') return log.warn(`first visit in Chromium: skipped, ${rows}`);
  for (const line of formatFirstVisits(rows)) log.info(line);
}
