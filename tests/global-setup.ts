import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';

let server: BrowserServer | undefined;

/** Where the browser tests find Chromium: Debian's by default. */
const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One Chromium for the whole run; browser tests connect to it over its WebSocket endpoint. `npm run test:unit`
 * (PORTAL_TESTS_NO_BROWSER) runs without one. A missing Chromium stops the run with one line saying what to do,
 * instead of a launch stack trace in every browser test.
 */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.PORTAL_TESTS_NO_BROWSER) {
    project.provide('browserWsEndpoint', '');
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
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  project.provide('browserWsEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}
