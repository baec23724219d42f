/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPreview } from '../helpers/openapi-preview.ts';
import { waitForHydration } from './shell-support.ts';

// Issue 20: past 60 categories a sidebar list is cut to the current one in the HTML (every page of a 10,000
// operation API carried 250 collapsed groups); the reader's browser shows the whole list once the page is live.

const GROUPS = 70;
const document = {
  openapi: '3.1.0',
  info: { title: 'Many groups', version: '1' },
  tags: Array.from({ length: GROUPS }, (_, i) => ({ name: `Group ${i}` })),
  paths: Object.fromEntries(
    Array.from({ length: GROUPS }, (_, i) => [
      `/things-${i}`,
      {
        get: {
          operationId: `listThings${i}`,
          summary: `List things ${i}`,
          tags: [`Group ${i}`],
          responses: { '200': { description: 'The things.' } },
        },
      },
    ]),
  ),
};

let preview: Awaited<ReturnType<typeof openApiPreview>>;
let browser: Browser;
let served: Awaited<ReturnType<typeof openApiPreview>>['served'];
let pagePath: string;
beforeAll(async () => {
  preview = await openApiPreview('api-min', 'groups.json', JSON.stringify(document));
  ({ browser, served } = preview);
  pagePath = preview.built.table.routes.find((r) => r.kind === 'api-operation' && r.page.title === 'List things 42')
    ?.path as string;
}, 180_000);
afterAll(() => preview?.close());

const groupLabels = (html: string) => [...html.matchAll(/>Group (\d+)</g)].map((m) => Number(m[1]));

describe('a sidebar of more than 60 categories', () => {
  it('sends only the current category, then shows them all once hydrated, without a hydration error', async () => {
    const html = await (await fetch(`${served.url}${pagePath}`)).text();
    const aside = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
    expect(new Set(groupLabels(aside))).toEqual(new Set([42]));

    const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${served.url}${pagePath}`);
    await waitForHydration(page);
    const sidebar = page.locator('aside.doc-sidebar');
    await expect.poll(() => sidebar.locator('.menu-category').count()).toBeGreaterThanOrEqual(GROUPS);
    expect(await sidebar.locator('.menu-more').count()).toBe(0);
    // The current page is still marked, its category still open, and scrolled into the sidebar's view.
    const active = sidebar.locator('.menu-link.active');
    expect(await active.textContent()).toContain('List things 42');
    const [box, view] = await Promise.all([active.boundingBox(), sidebar.boundingBox()]);
    expect(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
    // Another group, opened from the full list, navigates in place.
    await sidebar.getByRole('link', { name: 'Group 3', exact: true }).click();
    await page.waitForURL(/group-3$/);
    expect(await sidebar.locator('.menu-category').count()).toBeGreaterThanOrEqual(GROUPS);
    // A hydration mismatch would be logged as an error; the only one allowed is the favicon this fixture lacks.
    expect(errors.filter((e) => !e.endsWith('/favicon.ico'))).toEqual([]);
    await context.close();
  });
});
