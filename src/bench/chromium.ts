import type { Browser } from 'playwright-core';

/** Why a bench part that needs Chromium is skipped: the package missing. */
const NO_PLAYWRIGHT = 'playwright-core is not installed (npm ci installs it)';

/**
 * Chromium 150+ preloads the omnibox's pop-ups (WebUI pages) with every browser window, and in headless mode they
 * keep animating unseen: with one page open, Playwright's Chromium burnt 1.4–1.9 s of CPU every 5 s doing nothing
 * (0.09 s without them), and each test's context opens a window. On two cores that was most of the browser tests'
 * time, and noise in every figure the bench takes in Chromium. Chromium honours only the last --disable-features, so
 * this one repeats those Playwright 1.65 passes itself (its chromiumSwitches), which would be dropped otherwise.
 */
const DISABLED_FEATURES = [
  // The omnibox pop-ups and the preloading of browser-UI WebUI pages.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
  // Playwright's own.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** How the tests and the bench start Chromium: headless, as the developers' guide asks, and quiet (above). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

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
      args: [...CHROMIUM_ARGS],
    });
}

/** A failed launch as a bench line says it. */
export const chromiumFailure = (err: Error): string =>
  `Chromium did not start (${err.message.split('\n')[0]}); set CHROMIUM_PATH`;
