import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS } from '../src/bench/chromium.ts';
import type { PrebuiltPortal } from './helpers/portal-site.ts';

let server: BrowserServer | undefined;
let portalDir: string | undefined;
let runTmp: string | undefined;

/** Where the browser tests find Chromium: Debian's by default. */
const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One Chromium for the whole run; browser tests connect to it over its WebSocket endpoint. `npm run test:unit`
 * (PORTAL_TESTS_NO_BROWSER) runs without one. A missing Chromium stops the run with one line saying what to do,
 * instead of a launch stack trace in every browser test.
 */
export async function setup(project: TestProject): Promise<void> {
  // Every temporary folder of the run (fixture sites, outputs, the CLI's and Chromium's own) goes in one folder,
  // removed at the end: test files that leave theirs would otherwise pile up in the system's, run after run. The test
  // processes, and what they spawn, are started after this and take it from the environment.
  runTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tests-'));
  process.env.TMPDIR = runTmp;
  if (process.env.PORTAL_TESTS_NO_BROWSER) {
    project.provide('browserWsEndpoint', '');
    project.provide('portalSite', undefined);
    return;
  }
  const executablePath = chromiumPath();
  try {
    fs.accessSync(executablePath, fs.constants.X_OK);
  } catch {
    const error = new Error(
      `Chromium not found at ${executablePath}: the browser tests need it. Install it (apt-get install chromium) or set CHROMIUM_PATH; \`npm run test:unit\` runs the tests that need no browser.`,
    );
    error.stack = error.message;
    throw error;
  }
  server = await chromium.launchServer({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  project.provide('portalSite', await buildPortalOnce());
}

/**
 * The real portal, built once for every test file that only reads it (helpers/portal-site.ts), before any starts:
 * here the build has both cores. Rendered with React's production build, as the CLI and the test workers do
 * (vitest.config.ts sets that for the workers only).
 */
async function buildPortalOnce(): Promise<PrebuiltPortal> {
  process.env.NODE_ENV = 'production';
  const { buildPortalSite } = await import('./helpers/portal-site.ts');
  portalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
  return buildPortalSite(portalDir);
}

export async function teardown(): Promise<void> {
  await server?.close();
  if (portalDir) fs.rmSync(portalDir, { recursive: true, force: true });
  if (runTmp) fs.rmSync(runTmp, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
    /** Where the global setup built the real portal; undefined when it did not. */
    portalSite: PrebuiltPortal | undefined;
  }
}
