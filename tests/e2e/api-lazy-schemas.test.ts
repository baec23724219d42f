/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPreview } from '../helpers/openapi-preview.ts';
import { waitForHydration } from './shell-support.ts';

// Issue 20 item 1: a schema too big for its page opens in place when the reader asks, loaded from its file.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const leaves = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [
    `Leaf${i}`,
    {
      type: 'object',
      description: `Part ${i} of the record.`,
      properties: Object.fromEntries(
        Array.from({ length: 30 }, (_, j) => [
          `field${j}`,
          { type: 'string', description: `Field ${j} of part ${i}.` },
        ]),
      ),
    },
  ]),
);
const document = {
  openapi: '3.1.0',
  info: { title: 'Wide API', version: '1' },
  paths: {
    '/records': {
      get: {
        operationId: 'getRecord',
        summary: 'Get a record',
        responses: {
          '200': { description: 'The record.', content: { 'application/json': { schema: ref('Record') } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Record: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          parent: ref('Record'),
          ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`part${i}`, ref(`Leaf${i}`)])),
        },
      },
      ...leaves,
    },
  },
};

let preview: Awaited<ReturnType<typeof openApiPreview>>;
let browser: Browser;
let served: Awaited<ReturnType<typeof openApiPreview>>['served'];
let pagePath: string;
beforeAll(async () => {
  preview = await openApiPreview('api-min', 'wide.json', JSON.stringify(document));
  ({ browser, served } = preview);
  pagePath = preview.built.table.routes.find((r) => r.kind === 'api-operation')?.path as string;
}, 180_000);
afterAll(() => preview?.close());

const PART0 = '#response-200-part0';

describe('schemas past the page budget (issue 20)', () => {
  it('loads a closed schema when its row opens, and nothing before', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/openapi/schemas/')) loads.push(r.url());
    });
    await page.goto(`${served.url}${pagePath}`);
    await waitForHydration(page);
    // 40 parts of 30 fields are over the budget: the parts are listed, their fields are not in the page.
    expect(await page.locator(`${PART0} code.schema-name`).first().textContent()).toBe('part0');
    expect(await page.content()).not.toContain('Field 3 of part 0.');
    expect(loads).toEqual([]);

    await page.locator(`${PART0} > details.schema-lazy > summary`).click();
    await page.locator(`${PART0} .schema-props >> text=Field 3 of part 0.`).waitFor();
    expect(await page.locator(`${PART0} .schema-props code.schema-name`).allTextContents()).toEqual(
      Array.from({ length: 30 }, (_, j) => `field${j}`),
    );
    expect(loads).toHaveLength(1);
    // Closing and opening again uses what was loaded.
    await page.locator(`${PART0} > details.schema-lazy > summary`).click();
    await page.locator(`${PART0} > details.schema-lazy > summary`).click();
    expect(loads).toHaveLength(1);
    await context.close();
  });

  it('says when a schema could not be loaded and loads it on Try again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let fail = true;
    await page.route('**/openapi/schemas/**', (route) =>
      fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await page.goto(`${served.url}${pagePath}`);
    await waitForHydration(page);
    await page.locator(`${PART0} > details.schema-lazy > summary`).click();
    await page.locator(`${PART0} .schema-note >> text=could not be loaded`).waitFor();
    fail = false;
    await page.locator(`${PART0} button.schema-retry`).click();
    await page.locator(`${PART0} .schema-props >> text=Field 3 of part 0.`).waitFor();
    await context.close();
  });

  it('shows a recursion as a link back to the row where the schema opened', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${served.url}${pagePath}`);
    await waitForHydration(page);
    const link = page.locator('#response-200-parent a.schema-circular');
    expect(await link.textContent()).toBe('circular: Record');
    expect(await link.getAttribute('href')).toBe('#response-200');
    await context.close();
  });
});
