/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { startPortalSite, waitForHydration, type ShellSite } from './shell-support.ts';

// Issue 19 part 1: Try it on the real portal's filters reference (the build of site/ shared by its browser tests).
const FILTERS = '/docs/themes/engines/liquid/filters';
const TRY_FILES = /\/liquid-worker-|\/c\/playground-/;
const MONEY = '.code-block:has(> pre > code[data-liquid-example="0"])';
const PANEL = `${MONEY} .try-panel`;
const TEMPLATE = `${PANEL} textarea[id$="-template"]`;
const DATA = `${PANEL} textarea[id$="-data"]`;
const OUTPUT = `${PANEL} .try-output`;
const PROBLEM = `${PANEL} .try-problem`;

let portal: ShellSite;
beforeAll(async () => {
  portal = await startPortalSite();
}, 300_000);
afterAll(async () => {
  await portal?.close();
});

/** Serious and critical axe-core violations inside the open panel. */
const panelViolations = (page: Page): Promise<string[]> => seriousViolations(page, { include: PANEL });

async function open(
  route: string,
): Promise<{ page: Page; context: BrowserContext; requests: string[]; errors: string[] }> {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${portal.url}${route}`);
  await waitForHydration(page);
  await page.locator(`${MONEY} > .try-button`).waitFor();
  return { page, context, requests, errors };
}

/** The shown fence texts of example 0 (money), as the page renders them. */
const shown = (page: Page, attr: string) =>
  page.locator(`code[data-liquid-${attr}="0"]`).evaluate((el) => el.textContent ?? '');
/** Waits for the panel to show this output, or this problem. */
const outputIs = (page: Page, expected: string) =>
  page.waitForFunction(
    ([sel, want]) =>
      (document.querySelector(sel) as HTMLElement | null)?.textContent?.trimEnd() === want &&
      !(document.querySelector(sel) as HTMLElement).hidden,
    [OUTPUT, expected] as const,
  );
const problemMatches = (page: Page, pattern: string) =>
  page.waitForFunction(
    ([sel, re]) => {
      const el = document.querySelector(sel) as HTMLElement | null;
      return !!el && !el.hidden && new RegExp(re).test(el.textContent ?? '');
    },
    [PROBLEM, pattern] as const,
    { timeout: 10_000 },
  );

describe('Try it on the filters reference (issue 19)', () => {
  it('has a Try it for every example; loads nothing of it before the first click', async () => {
    const { page, context, requests, errors } = await open(FILTERS);
    const examples = await page.locator('code[data-liquid-example]').count();
    expect(examples).toBeGreaterThanOrEqual(90);
    expect(await page.locator('.code-block > .try-button').count()).toBe(examples);
    // Wait a moment for anything lazy (prefetch on idle, hover) to show up, then check nothing of Try it came.
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    expect(requests.filter((u) => TRY_FILES.test(u))).toEqual([]);
    expect(await page.content()).not.toMatch(/liquid-worker-|playground-/);
    // A client-side route change to the tags reference gives its examples their buttons too.
    await page.click('.doc-sidebar a[href="/docs/themes/engines/liquid/tags"]');
    await page.waitForURL(`${portal.url}/docs/themes/engines/liquid/tags`);
    await page.waitForFunction(() => {
      const count = document.querySelectorAll('code[data-liquid-example]').length;
      return count > 10 && document.querySelectorAll('.code-block > .try-button').length === count;
    });
    expect(requests.filter((u) => TRY_FILES.test(u))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens in place with the template and data, renders as the reader types, shows errors with line and column, resets', async () => {
    const { page, context, requests, errors } = await open(FILTERS);
    const [template, data, output] = [
      await shown(page, 'example'),
      await shown(page, 'data'),
      await shown(page, 'output'),
    ];
    // Keyboard: focus the button and press Enter.
    await page.focus(`${MONEY} > .try-button`);
    await page.keyboard.press('Enter');
    await page.locator(PANEL).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/-template$/);
    expect(await page.getAttribute(`${MONEY} > .try-button`, 'aria-expanded')).toBe('true');
    expect(await page.inputValue(TEMPLATE)).toBe(template);
    expect(await page.inputValue(DATA)).toBe(data);
    await outputIs(page, output);
    // In place: the shown data, example and output give way to the editor.
    expect(await page.locator('code[data-liquid-data="0"]').isVisible()).toBe(false);
    expect(await page.locator('code[data-liquid-output="0"]').isVisible()).toBe(false);
    // Labelled editors, output announced politely.
    expect(await page.locator(`${PANEL} label`).allInnerTexts()).toEqual(['Template (Liquid)', 'Data (JSON)']);
    expect(await page.locator(`${PANEL} [aria-live="polite"] .try-output`).count()).toBe(1);
    expect(requests.filter((u) => TRY_FILES.test(u)).length).toBe(2);
    expect(await panelViolations(page)).toEqual([]);

    await page.fill(TEMPLATE, '{{ product.price | money_with_currency }} / {{ product.title | default: "none" }}');
    await outputIs(page, '$45.00 USD / none');
    // A keystroke renders at once, not after typing pauses (issue 19: output within 50 ms of a keystroke); the
    // live region stays busy until the pause, so a screen reader speaks the output once rather than per letter.
    const atChange = await page.evaluate(
      ([template, panel]) =>
        new Promise<{ output: string; busy: string | null }>((resolve) => {
          const area = document.querySelector<HTMLTextAreaElement>(template as string) as HTMLTextAreaElement;
          const live = document.querySelector(`${panel} [aria-live="polite"]`) as HTMLElement;
          const code = live.querySelector('.try-output code') as HTMLElement;
          new MutationObserver((_, observer) => {
            observer.disconnect();
            resolve({ output: code.textContent ?? '', busy: live.getAttribute('aria-busy') });
          }).observe(code, { childList: true, characterData: true, subtree: true });
          area.value += '!';
          area.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      [TEMPLATE, PANEL],
    );
    expect(atChange).toEqual({ output: '$45.00 USD / none!', busy: 'true' });
    await expect.poll(() => page.getAttribute(`${PANEL} [aria-live="polite"]`, 'aria-busy')).toBe(null);
    await page.fill(DATA, '{ "shop": { "currency": "EUR" }, "product": { "price": 4500, "title": "Linen" } }');
    await outputIs(page, '€45.00 EUR / Linen!');

    await page.fill(TEMPLATE, '{{ product.price | money }}\n  {% fo %}');
    await problemMatches(page, '^Line 2, column 3 of the template: tag "fo" not found\\.$');
    expect(await page.locator(OUTPUT).isVisible()).toBe(false);
    await page.fill(DATA, '{ "shop": { "currency": "EUR" },\n  "product": }');
    await problemMatches(page, '^Line 2, column \\d+ of the data: the data is not valid JSON');

    await page.click(`${PANEL} button:text-is("Reset")`);
    expect(await page.inputValue(TEMPLATE)).toBe(template);
    expect(await page.inputValue(DATA)).toBe(data);
    await outputIs(page, output);

    // Escape closes, puts the example back and returns focus to Try it.
    await page.focus(TEMPLATE);
    await page.keyboard.press('Escape');
    expect(await page.locator(PANEL).count()).toBe(0);
    expect(await page.locator('code[data-liquid-output="0"]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('try-button'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops an endless loop with a message and keeps the page responsive; works in dark mode', async () => {
    const { page, context, errors } = await open(FILTERS);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.click(`${MONEY} > .try-button`);
    await page.locator(PANEL).waitFor();
    const colours = await page.locator(TEMPLATE).evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor];
    });
    expect(colours).toEqual(['rgb(230, 232, 235)', 'rgb(31, 35, 43)']);
    await page.locator(OUTPUT).waitFor();
    expect(await panelViolations(page)).toEqual([]);

    // The loop: a range too large to build is refused at once.
    await page.fill(TEMPLATE, '{% for i in (1..100000000) %}{{ i }}{% endfor %}');
    await problemMatches(page, 'so rendering stopped');
    // A loop that builds nothing big but never ends in time: the worker is terminated after 1 s.
    await page.fill(TEMPLATE, '{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}');
    const started = Date.now();
    // The page's own thread stays free while the worker spins: a timer keeps firing on time.
    const lateness = await page.evaluate(async () => {
      let worst = 0;
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await new Promise((r) => setTimeout(r, 25));
        worst = Math.max(worst, performance.now() - t - 25);
      }
      return worst;
    });
    expect(lateness).toBeLessThan(250);
    await problemMatches(page, 'took longer than 1 s, so it was stopped');
    expect(Date.now() - started).toBeLessThan(8_000);
    // A fresh worker renders the next edit.
    await page.fill(TEMPLATE, "{{ 'after the loop' | upcase }}");
    await outputIs(page, 'AFTER THE LOOP');
    expect(errors).toEqual([]);
    await context.close();
  });
});
