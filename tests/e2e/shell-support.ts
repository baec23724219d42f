/// <reference lib="dom" />
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { buildFixture } from '../helpers/fixtures.ts';
import { connectBrowser, serveDir } from '../helpers/browser.ts';
import { portalSiteBuild } from '../helpers/portal-site.ts';

/** Shared set-up of the shell's browser tests (issue 3): build a fixture once per file, serve it, connect. */
export interface ShellSite {
  url: string;
  browser: Browser;
  outDir: string;
  close(): Promise<void>;
}

/**
 * Fixture builds shared by the browser test files a worker runs (vitest.config.ts runs files without isolation):
 * these files only read the output, so seven files on shell-site need one build per worker, not seven.
 */
const builds = new Map<string, ReturnType<typeof buildFixture>>();
const sharedBuild = (fixture: string): ReturnType<typeof buildFixture> => {
  let built = builds.get(fixture);
  if (!built) {
    built = buildFixture(fixture);
    // A failed build is not kept: the next file reports it again, with its own stack.
    built.catch(() => builds.delete(fixture));
    builds.set(fixture, built);
  }
  return built;
};

export async function startShellSite(fixture = 'shell-site'): Promise<ShellSite> {
  const built = await sharedBuild(fixture);
  const served = await serveDir(built.outDir);
  const browser = await connectBrowser();
  return {
    url: served.url,
    browser,
    outDir: built.outDir,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/** The real portal (site/), built once per test worker (helpers/portal-site.ts), served, with a browser. */
export async function startPortalSite(): Promise<ShellSite> {
  const outDir = await portalSiteBuild();
  const served = await serveDir(outDir);
  const browser = await connectBrowser();
  return {
    url: served.url,
    browser,
    outDir,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

export interface OpenOptions extends BrowserContextOptions {
  /** Runs in the page before any of its scripts, e.g. to seed localStorage. */
  init?: () => void;
  /** Skip waiting for hydration (e.g. when the runtime is blocked). */
  noHydration?: boolean;
}

/** A fresh context (its own storage) with one page at `path`, hydrated unless told otherwise. */
export async function openPage(
  site: ShellSite,
  path: string,
  options: OpenOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const { init, noHydration, ...contextOptions } = options;
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (init) await page.addInitScript(init);
  await page.goto(`${site.url}${path}`);
  if (!noHydration) await waitForHydration(page);
  return { page, context, errors };
}

/**
 * One load of a page shared by the tests of a file that only read it (no click, key press, scroll or storage), so
 * they do not pay a page load and hydration each. The first test to ask opens it; close it in afterAll.
 */
export function sharedPage(site: () => ShellSite, path: string): { page(): Promise<Page>; close(): Promise<void> } {
  let opened: ReturnType<typeof openPage> | undefined;
  return {
    page: async () => (await (opened ??= openPage(site(), path))).page,
    close: async () => {
      await (await opened)?.context.close();
    },
  };
}

/** The colour-mode toggle learns the mode in an effect: once it says so, the shell is hydrated. */
export const waitForHydration = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently') === true,
  );
