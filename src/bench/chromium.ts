import type { Browser } from 'playwright-core';

/** Why a bench part that needs Chromium is skipped: the package missing. */
const NO_PLAYWRIGHT = 'playwright-core is not installed (npm ci installs it)';

/**
 * Chromium for the bench's browser parts, launched as the tests launch it (Debian's, or CHROMIUM_PATH): a function
 * that launches it, or NO_PLAYWRIGHT. Loaded apart from the launch so a part can say it is skipped before its work.
 */
export async function chromiumLauncher(): Promise<(() => Promise<Browser>) | string> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return NO_PLAYWRIGHT;
  }
  return () =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
}

/** A failed launch as a bench line says it. */
export const chromiumFailure = (err: Error): string =>
  `Chromium did not start (${err.message.split('\n')[0]}); set CHROMIUM_PATH`;
