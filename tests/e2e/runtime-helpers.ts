import type { Browser, Page } from 'playwright-core';
import { connectBrowser, serveDir } from '../helpers/browser.ts';
import { buildFixture } from '../helpers/fixtures.ts';

/** The `runtime` fixture built (optionally under a base URL), served (optionally under another path) and a browser. */
/** One build per base URL per worker, shared by the runtime test files, which only read it (see shell-support.ts). */
const builds = new Map<string, ReturnType<typeof buildFixture>>();

export async function openRuntimeSite(o: { baseUrl?: string; serveBase?: string } = {}) {
  const key = o.baseUrl ?? '/';
  let building = builds.get(key);
  if (!building) {
    building = buildFixture('runtime', o.baseUrl ? { baseUrl: o.baseUrl } : {});
    building.catch(() => builds.delete(key));
    builds.set(key, building);
  }
  const built = await building;
  const server = await serveDir(built.outDir, o.serveBase ?? '/');
  server.server.setMaxListeners(0); // one listener per served() list
  const browser: Browser = await connectBrowser();
  const manifestFile = built.files.find((f) => /_portal\/manifest-[^/]+\.json$/.test(f.path));
  if (!manifestFile) throw new Error('no route manifest in the build');
  const manifest = JSON.parse(String(manifestFile.contents)) as Record<string, string>;
  return {
    built,
    browser,
    /** Absolute URL of a site path, base URL included when the site is served under one. */
    url: (p: string) => `${server.url}${(o.serveBase ?? '/').replace(/\/$/, '')}${p}`,
    /** The chunk URL path of a route (as the manifest has it). */
    chunk: (route: string): string => {
      const chunk = manifest[route];
      if (!chunk) throw new Error(`no chunk for ${route}`);
      return chunk;
    },
    /**
     * The chunk a first visit to a route runs, as its HTML names it: a Markdown-only page's first visit runs a
     * chunk of its own without the body's data (issue 17 item 3), any other page its route chunk.
     */
    firstChunk: (route: string): string => {
      const html = built.files.find(
        (f) => f.path === `${route.replace(/^\//, '')}${route === '/' ? '' : '/'}index.html`,
      );
      const data = html && /<script id="__PORTAL_DATA__"[^>]*>(.*?)<\/script>/s.exec(String(html.contents))?.[1];
      if (!data) throw new Error(`no page data in the HTML of ${route}`);
      return (JSON.parse(data) as { chunk: string }).chunk;
    },
    /**
     * The requests the server receives from now on whose URL contains `part` (a live list): what is really
     * downloaded, since a file the browser takes from its HTTP cache is not asked for again.
     */
    served(part: string): string[] {
      const seen: string[] = [];
      server.server.on('request', (req) => {
        if (req.url?.includes(part)) seen.push(req.url);
      });
      return seen;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** The runtime has hydrated: it gives the history entry its 6-character key in an effect. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => (window.history.state as { key?: string } | null)?.key?.length === 6);

/** Marks the document, to tell a client-side navigation (mark kept) from a full load (mark gone). */
export const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
export const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

export const historyKey = (page: Page) => page.evaluate(() => (window.history.state as { key?: string } | null)?.key);

/** Collects requests whose URL contains `part`. */
export function watchRequests(page: Page, part: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(part)) seen.push(r.url());
  });
  return seen;
}

/** The current page's heading, the quickest sign of which route is shown. */
export const h1 = (page: Page) => page.textContent('#__main h1');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The page data the page runs on, and the full chunk's, with each description's HTML as the browser writes it
 * (what the first visit takes back is the document's serialisation of the same HTML).
 */
// A string: vitest would rewrite an import() in a function passed to the page.
export const pageDataAgainstFull = `(async () => {
  const boot = JSON.parse(document.getElementById('__PORTAL_DATA__').textContent);
  const manifest = await (await fetch(boot.manifest)).json();
  const first = (await import(boot.chunk)).page;
  const full = (await import(new URL(manifest[boot.path], location.href).href)).page;
  const serialised = (value) => {
    if (Array.isArray(value)) return value.map(serialised);
    if (!value || typeof value !== 'object') return value;
    if ('__html' in value) {
      const div = document.createElement('div');
      div.innerHTML = value.__html;
      return div.innerHTML;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialised(v)]));
  };
  return {
    chunk: boot.chunk,
    full: manifest[boot.path],
    same: JSON.stringify(serialised(first)) === JSON.stringify(serialised(full)),
  };
})()`;
