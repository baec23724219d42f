/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collapseDuration } from '../../templates/shell/collapse.ts';
import { openPage, startShellSite, type ShellSite } from './shell-support.ts';

let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite();
});
afterAll(async () => {
  await site?.close();
});

const category = (label: string) =>
  `.doc-sidebar .menu-category:has(> .menu-category-row > :is(a, button):text-is("${label}"))`;
const toggle = (label: string) => `${category(label)} > .menu-category-row > button`;
const list = (label: string) => `${category(label)} > .menu-category-items`;

/** Records every `transition` the list's inline style goes through while `action` runs. */
async function recordTransitions(
  page: Page,
  label: string,
  action: () => Promise<void>,
): Promise<{ transitions: string[]; height: number }> {
  const el = page.locator(list(label));
  await el.evaluate((node) => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const style = (node as HTMLElement).style;
    new MutationObserver(() => {
      if (style.transition && !seen.includes(style.transition)) seen.push(style.transition);
    }).observe(node, { attributes: true, attributeFilter: ['style'] });
  });
  await action();
  await page.waitForTimeout(600);
  return el.evaluate((node) => {
    const style = (node as HTMLElement).style;
    const display = style.display;
    style.display = '';
    const height = node.scrollHeight;
    style.display = display;
    return { transitions: (window as unknown as { __seen: string[] }).__seen, height };
  });
}

describe('doc sidebar (issue 3 item 4)', () => {
  it('is rendered by the server with the active doc highlighted and its categories open', async () => {
    const { page, context } = await openPage(site, '/docs/reference/deep/page', {
      javaScriptEnabled: false,
      noHydration: true,
    });
    const active = page.locator('.doc-sidebar a[aria-current="page"]');
    expect(await active.evaluateAll((as) => as.map((a) => [a.textContent, a.className]))).toEqual([
      ['Deep page', 'menu-link active'],
    ]);
    expect(await page.isVisible(list('Reference'))).toBe(true); // collapsed: true in sidebars.ts, but holds the page
    expect(await page.isVisible(list('Deep'))).toBe(true);
    expect(await page.isVisible(list('Guides'))).toBe(true); // not collapsed
    expect(await page.isVisible(list('Extras'))).toBe(false); // collapsed
    // issue 5 budget: a collapsed category's items are not in the HTML until it opens
    expect(await page.locator(`${list('Extras')} a`).count()).toBe(0);
    expect(await page.getAttribute(toggle('Extras'), 'aria-expanded')).toBe('false');
    expect(await page.getAttribute(toggle('Reference'), 'aria-expanded')).toBe('true');
    await context.close();
  });

  it('offers no way to hide the sidebar: its only buttons toggle categories', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const labels = await page
      .locator('.doc-sidebar button')
      .evaluateAll((bs) => bs.map((b) => !!b.getAttribute('aria-controls') && b.closest('.menu-category') !== null));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every(Boolean)).toBe(true);
    await context.close();
  });

  it('does not collapse one category when another opens', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.click(toggle('Reference'));
    await page.click(toggle('Extras'));
    await page.waitForSelector(`${list('Extras')} a:text-is("Extra five")`, { state: 'visible' });
    expect(await page.getAttribute(toggle('Reference'), 'aria-expanded')).toBe('true');
    expect(await page.getAttribute(toggle('Guides'), 'aria-expanded')).toBe('true');
    expect(await page.isVisible(`${list('Reference')} a:text-is("Reference overview")`)).toBe(true);
    await page.click(toggle('Extras'));
    await page.waitForSelector(`${list('Extras')} a:text-is("Extra five")`, { state: 'hidden' });
    expect(await page.getAttribute(toggle('Extras'), 'aria-expanded')).toBe('false');
    await context.close();
  });

  it('animates with a duration derived from the content height, ease-in-out', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const { transitions, height } = await recordTransitions(page, 'Extras', () => page.click(toggle('Extras')));
    expect(height).toBeGreaterThan(100);
    const animated = transitions.filter((t) => t !== 'none');
    expect(animated).toHaveLength(1);
    const [, ms, easing] = /^height (\d+)ms (.+)$/.exec(animated[0] ?? '') ?? [];
    expect(easing).toBe('ease-in-out');
    // The list's height, measured at rest afterwards, may differ from the animation's by a pixel.
    expect(Math.abs(Number(ms) - collapseDuration(height, false))).toBeLessThanOrEqual(3);
    expect(Number(ms)).toBeGreaterThan(200);
    await context.close();
  });

  it('takes 1 ms under prefers-reduced-motion', async () => {
    const { page, context } = await openPage(site, '/docs/intro', { reducedMotion: 'reduce' });
    const { transitions } = await recordTransitions(page, 'Extras', () => page.click(toggle('Extras')));
    expect(transitions.filter((t) => t !== 'none')).toEqual(['height 1ms ease-in-out']);
    await context.close();
  });

  it('opens the categories of a doc reached by client-side navigation, and highlights it', async () => {
    const { page, context } = await openPage(site, '/docs/reference/deep/page');
    expect(await page.getAttribute(toggle('Extras'), 'aria-expanded')).toBe('false');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.click('.pagination-link.next'); // the next doc, Extra one, sits in the collapsed Extras
    await page.waitForURL(`${site.url}/docs/extras/one`);
    await page.waitForSelector(`${list('Extras')} a[aria-current="page"]:text-is("Extra one")`, { state: 'visible' });
    expect(await page.getAttribute(toggle('Extras'), 'aria-expanded')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true); // no full load
    await context.close();
  });
});
