import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openRuntimeSite, sleep } from './runtime-helpers.ts';

// Issue 4 item 3: the progress bar with the constants of spec §9.
let site: Awaited<ReturnType<typeof openRuntimeSite>>;
beforeAll(async () => {
  site = await openRuntimeSite();
});
afterAll(async () => {
  await site?.close();
});

interface Sample {
  t: number;
  value: number | null;
  done: boolean;
}

/** Records the bar from the click on. Prefetch is off (data saving) unless asked for, so a navigation loads its chunk on click. */
async function openRecording(path: string, o: { prefetch?: boolean } = {}): Promise<Page> {
  const page = await site.browser.newPage();
  if (!o.prefetch)
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', {
        value: { effectiveType: '4g', saveData: true },
        configurable: true,
      }),
    );
  await page.goto(site.url(path));
  await hydrated(page);
  await page.evaluate(() => {
    const w = window as unknown as {
      __bar: {
        clickAt: number;
        samples: Array<{ t: number; value: number | null; done: boolean }>;
        transition?: string;
      };
    };
    w.__bar = { clickAt: 0, samples: [] };
    document.addEventListener('click', () => (w.__bar.clickAt = performance.now()), { capture: true });
    const record = () => {
      const bar = document.getElementById('portal-progress');
      const value = bar ? Number(bar.dataset.value) : null;
      const last = w.__bar.samples.at(-1);
      if (last ? last.value === value : value === null) return;
      if (bar) w.__bar.transition = (bar.firstElementChild as HTMLElement).style.transition;
      w.__bar.samples.push({
        t: performance.now() - w.__bar.clickAt,
        value,
        done: bar ? 'done' in bar.dataset : false,
      });
    };
    new MutationObserver(record).observe(document.body, {
      childList: true,
      attributes: true,
      subtree: true,
      attributeFilter: ['data-value'],
    });
  });
  return page;
}
const samples = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bar: { samples: Sample[]; transition?: string } }).__bar);

describe('progress bar', () => {
  it('starts 200 ms into a slow route change at 0.08, trickles 0.02 every 800 ms, completes when the page is shown', async () => {
    const page = await openRecording('/docs/intro');
    await page.route(`**${site.chunk('/docs/guides/second')}`, async (route) => {
      await sleep(2000);
      await route.continue();
    });
    await page.click('article a[href="/docs/guides/second#details"]');
    await page.waitForFunction(() => document.querySelector('#__main h1')?.textContent === 'Second guide', undefined, {
      timeout: 5000,
    });
    await page.waitForFunction(() => !document.getElementById('portal-progress'));
    const { samples: s, transition } = await samples(page);
    const shown = s.filter((x) => x.value !== null);
    expect(shown[0]!.t).toBeGreaterThanOrEqual(195);
    expect(shown[0]!.t).toBeLessThan(700); // timers run late on a busy machine, never early
    expect(shown[0]!.value).toBe(0.08);
    // Trickle: +0.02 every 800 ms while the chunk loads.
    const trickled = shown.filter((x) => !x.done && x.value !== 0.08);
    expect(trickled.length).toBeGreaterThanOrEqual(1);
    expect(trickled[0]!.value).toBeCloseTo(0.1, 5);
    expect(trickled[0]!.t - shown[0]!.t).toBeGreaterThanOrEqual(750);
    expect(trickled[0]!.t - shown[0]!.t).toBeLessThan(1400);
    // Done: full, then gone.
    const full = shown.find((x) => x.done);
    expect(full?.value).toBe(1);
    expect(full!.t).toBeGreaterThanOrEqual(2000);
    expect(s.at(-1)!.value).toBeNull();
    expect(transition).toContain('200ms'); // speed
    console.log(
      `[progress] samples after the click: ${s.map((x) => `${Math.round(x.t)}ms=${x.value ?? 'gone'}`).join(', ')}`,
    );
    await page.close();
  });

  it('never appears for a route change faster than 200 ms (a prefetched page)', async () => {
    const page = await openRecording('/docs/intro', { prefetch: true });
    await page.hover('article a[href="/docs/guides/second#details"]');
    await page.waitForLoadState('networkidle');
    await page.click('article a[href="/docs/guides/second#details"]');
    await page.waitForFunction(() => document.querySelector('#__main h1')?.textContent === 'Second guide');
    await sleep(400);
    expect((await samples(page)).samples).toEqual([]);
    await page.close();
  });
});
