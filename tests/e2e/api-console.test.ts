/// <reference lib="dom" />
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir } from '../helpers/fixtures.ts';
import { openApiPreview } from '../helpers/openapi-preview.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openPage, startPortalSite, waitForHydration, type ShellSite } from './shell-support.ts';

// Issue 19 part 2: the "Send a request" console, against a local API server this file starts. Its /v1 routes
// allow any origin (CORS); its /closed routes answer without CORS headers, as a server not set up for the portal.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, x-trace, x-api-key',
  'access-control-allow-methods': 'GET, POST',
};

function api(req: http.IncomingMessage, res: http.ServerResponse): void {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const url = req.url ?? '/';
    const open = url.startsWith('/v1/');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, open ? cors : {}).end();
      return;
    }
    received.push({ method: req.method ?? '', url, headers: req.headers, body });
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', ...(open ? cors : {}) }).end(JSON.stringify(value));
    const pet = /\/pets\/(\d+)/.exec(url);
    if (req.method === 'GET' && pet?.[1] === '404')
      json(404, { error: { code: 'not_found', message: 'No pet 404.', param: 'petId' } });
    else if (req.method === 'GET' && pet)
      json(200, { id: Number(pet[1]), name: 'Rex', auth: req.headers.authorization ?? null });
    else if (req.method === 'POST' && /json/.test(req.headers['content-type'] ?? ''))
      json(201, { id: 99, ...JSON.parse(body || '{}') });
    else if (req.method === 'POST') json(201, { id: 3, bytes: body.length });
    else json(404, { error: { code: 'no_route' } });
  });
}

let preview: Awaited<ReturnType<typeof openApiPreview>>;
let browser: Browser;
let served: Awaited<ReturnType<typeof openApiPreview>>['served'];
let apiServer: http.Server;
let apiOrigin: string;
let getPet: string;
let createPet: string;
let addPhoto: string;
beforeAll(async () => {
  apiServer = http.createServer(api);
  await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
  const port = (apiServer.address() as { port: number }).port;
  apiOrigin = `http://127.0.0.1:${port}`;
  const source = await fs.readFile(path.join(fixtureDir('api-console'), 'openapi', 'pets.yaml'), 'utf8');
  preview = await openApiPreview('api-console', 'pets.yaml', source.replaceAll("default: '9'", `default: '${port}'`));
  ({ browser, served } = preview);
  const pathOf = (title: string) => preview.built.table.routes.find((r) => r.page.title === title)?.path as string;
  getPet = pathOf('Get a pet');
  createPet = pathOf('Create a pet');
  addPhoto = pathOf('Add a photo');
}, 180_000);
afterAll(async () => {
  await preview?.close();
  await new Promise((resolve) => apiServer?.close(resolve));
});

const PANEL = '.api-console-panel';
const CHUNK = /\/c\/console-panel-/;

async function openConsole(route: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${served.url}${route}`);
  await waitForHydration(page);
  await page.locator('.api-console-button').waitFor();
  return { page, context, requests, errors };
}

const send = async (page: Page) => {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector('.api-console-send')?.hasAttribute('disabled'));
};
const statusText = (page: Page) => page.locator(`${PANEL} .api-console-status`).textContent();
const responseJson = async (page: Page) =>
  JSON.parse((await page.locator(`${PANEL} .api-console-response`).textContent()) ?? '');

describe('the request console (issue 19)', () => {
  it('loads on the first use of its button, keyboard first, with the servers Mock first', async () => {
    const { page, context, requests, errors } = await openConsole(getPet);
    await page.waitForTimeout(300);
    expect(requests.filter((u) => CHUNK.test(u))).toEqual([]);
    await page.locator('.api-console-button').focus();
    await page.keyboard.press('Enter');
    await page.locator(PANEL).waitFor();
    expect(requests.filter((u) => CHUNK.test(u))).toHaveLength(1);
    expect(await page.locator('.api-console-button').getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByLabel('Server').locator('option').allTextContents()).toEqual([
      'Mock (answers in this tab from the documentation)',
      `${apiOrigin}/v1`,
      `${apiOrigin}/closed`,
    ]);
    // Labelled fields with their types; the path parameter prefilled from its example, the enum a select.
    expect(await page.getByLabel(/^petId/).inputValue()).toBe('1');
    expect(await page.locator(`${PANEL} label`, { hasText: 'petId' }).textContent()).toContain('integer, required');
    expect(
      await page
        .getByLabel(/^fields/)
        .locator('option')
        .allTextContents(),
    ).toEqual(['(not sent)', 'name', 'status']);
    expect(await seriousViolations(page, { include: PANEL })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a GET with its path parameter, token and header, shows status, time, headers and body, keeps the token in sessionStorage only when asked, and shows a 4xx with the API’s error model', async () => {
    const { page, context } = await openConsole(getPet);
    await page.locator('.api-console-button').click();
    await page.getByLabel('Server').selectOption(`${apiOrigin}/v1`);
    await page.getByLabel('Bearer token').fill('tok_test');
    await page.getByLabel(/^petId/).fill('5');
    await page.getByLabel(/^X-Trace/).fill('abc');
    received.length = 0;
    await send(page);
    expect(await statusText(page)).toMatch(/^200 OK · \d+ ms$/);
    expect(await responseJson(page)).toEqual({ id: 5, name: 'Rex', auth: 'Bearer tok_test' });
    expect(await page.locator(`${PANEL} .api-console-response`).textContent()).toContain('\n  "id": 5');
    expect(await page.locator(`${PANEL} .api-console-headers`).textContent()).toContain(
      'content-type: application/json',
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'GET', url: '/v1/pets/5' });
    expect(received[0]?.headers['x-trace']).toBe('abc');
    // The code samples follow what was filled in.
    const sample = page.locator(`${PANEL} .api-console-code`);
    expect(await sample.textContent()).toBe(
      [
        'curl --request GET',
        `  --url '${apiOrigin}/v1/pets/5'`,
        "  --header 'X-Trace: abc'",
        "  --header 'Authorization: Bearer tok_test'",
      ].join(' \\\n'),
    );
    await page.getByLabel('Code sample for this request').selectOption('python');
    expect(await sample.textContent()).toContain(`requests.request(\n    "GET",\n    "${apiOrigin}/v1/pets/5",`);
    // The token was not remembered: nothing in session storage, until the reader asks for it.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.getByLabel('Bearer token').fill('tok_kept');
    await page.getByLabel('Remember for this tab').check();
    await send(page);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('api-console-token') ?? '{}'))).toEqual({
      bearerAuth: 'tok_kept',
    });
    expect(await page.evaluate(() => localStorage.getItem('api-console-token'))).toBeNull();

    // A 4xx shows the API's error model.
    await page.getByLabel(/^petId/).fill('404');
    await send(page);
    expect(await statusText(page)).toMatch(/^404 Not Found/);
    expect(await responseJson(page)).toEqual({ error: { code: 'not_found', message: 'No pet 404.', param: 'petId' } });
    await context.close();
  });

  it('sends a POST with the JSON body prefilled from the example; a body against its schema is not sent', async () => {
    const { page, context } = await openConsole(createPet, 'dark');
    await page.locator('.api-console-button').click();
    await page.getByLabel('Server').selectOption(`${apiOrigin}/v1`);
    await page.getByLabel('Bearer token').fill('tok_test');
    const body = page.getByLabel(/^Body/);
    expect(JSON.parse(await body.inputValue())).toEqual({ name: 'Rex', status: 'available', age: 3 });
    received.length = 0;
    await send(page);
    expect(await statusText(page)).toMatch(/^201 Created/);
    expect(received[0]?.method).toBe('POST');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ name: 'Rex', status: 'available', age: 3 });
    expect(received[0]?.headers['content-type']).toBe('application/json');

    await body.fill('{"name": "", "status": "lost"}');
    received.length = 0;
    await send(page);
    expect(received).toEqual([]);
    expect(await statusText(page)).toBe('Not sent: 2 fields need fixing.');
    expect(await body.getAttribute('aria-invalid')).toBe('true');
    const error = page.locator(`#${await body.getAttribute('aria-describedby')}`);
    expect(await error.textContent()).toBe(
      'Body field name must have at least 1 characters\nBody field status must be one of "available", "adopted"',
    );
    expect(await seriousViolations(page, { include: PANEL })).toEqual([]);
    await context.close();
  });

  it('explains a CORS or network failure in plain words', async () => {
    const { page, context } = await openConsole(getPet);
    await page.locator('.api-console-button').click();
    await page.getByLabel('Server').selectOption(`${apiOrigin}/closed`);
    await page.getByLabel('Bearer token').fill('tok_test');
    await send(page);
    expect(await statusText(page)).toBe('No response');
    const problem = (await page.locator(`${PANEL} .api-console-problem`).textContent()) ?? '';
    expect(problem).toContain(`could not get an answer from ${apiOrigin}`);
    expect(problem).toContain('CORS (cross-origin resource sharing)');
    expect(problem).toContain(`Access-Control-Allow-Origin header naming this portal's origin, ${served.url}`);
    expect(problem).not.toContain('TypeError');
    await context.close();
  });

  it('answers from the document with the Mock server: the example with the id, or the error naming the field', async () => {
    const { page, context, requests } = await openConsole(getPet);
    await page.locator('.api-console-button').click();
    await page.getByLabel('Bearer token').fill('tok_test');
    await page.getByLabel(/^petId/).fill('42');
    const before = requests.length;
    await send(page);
    expect(await statusText(page)).toMatch(/^200 OK/);
    expect(await responseJson(page)).toEqual({ id: 42, name: 'Rex', status: 'available' });
    await page.getByLabel(/^petId/).fill('abc');
    await send(page);
    expect(await statusText(page)).toMatch(/^400 Bad Request/);
    expect(await responseJson(page)).toEqual({
      error: { code: 'parameter_invalid', message: 'Path parameter petId must be an integer', param: 'petId' },
    });
    expect(await page.getByLabel(/^petId/).getAttribute('aria-invalid')).toBe('true');
    expect(requests.slice(before).filter((u) => u.startsWith(apiOrigin))).toEqual([]);
    await context.close();
  });
});

describe('the request console’s other credentials and bodies (issue 19)', () => {
  it('uploads a file as multipart with an API key, or with a username and password, and checks the form first', async () => {
    const { page, context } = await openConsole(addPhoto);
    await page.locator('.api-console-button').click();
    await page.locator(PANEL).waitFor();
    const choice = page.getByLabel('Credentials');
    expect(await choice.locator('option').allTextContents()).toEqual(['keyAuth', 'basicAuth']);
    await page.getByLabel('Server').selectOption(`${apiOrigin}/v1`);
    await page.getByLabel('API key (X-Api-Key header)').fill('key_1');
    await page
      .getByLabel(/^file/)
      .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('PNGDATA') });
    await page.getByLabel(/^caption/).fill('Tabby');
    expect(await page.locator(`${PANEL} .api-console-code`).textContent()).toContain("--form 'file=@cat.png'");
    received.length = 0;
    await send(page);
    expect(await statusText(page)).toMatch(/^201 Created/);
    expect(received[0]?.headers['x-api-key']).toBe('key_1');
    expect(received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toMatch(/name="file"; filename="cat.png"\r\nContent-Type: image\/png\r\n\r\nPNGDATA/);
    expect(received[0]?.body).toContain('name="caption"\r\n\r\nTabby');

    // The other credential: Basic, from a username and password; a caption too long is not sent.
    await choice.selectOption({ label: 'basicAuth' });
    await page.getByLabel('Username').fill('ana');
    await page.getByLabel('Password').fill('s3cret');
    await page.getByLabel(/^caption/).fill('A caption much too long');
    received.length = 0;
    await send(page);
    expect(received).toEqual([]);
    expect(await page.getByLabel(/^caption/).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/^caption/).fill('Tabby');
    await send(page);
    expect(received[0]?.headers.authorization).toBe(`Basic ${Buffer.from('ana:s3cret').toString('base64')}`);
    // The Mock names a missing file in the document's error model.
    await page.getByLabel('Server').selectOption('mock');
    await page.getByLabel(/^file/).setInputFiles([]);
    await send(page);
    expect(await statusText(page)).toMatch(/^422/);
    expect(await responseJson(page)).toEqual({
      error: { code: 'validation_failed', message: 'Body field file is required', param: 'file' },
    });
    expect(await seriousViolations(page, { include: PANEL })).toEqual([]);
    await context.close();
  });
});

describe('the request console on the real portal (issue 19)', () => {
  let portal: ShellSite;
  beforeAll(async () => {
    portal = await startPortalSite();
  }, 300_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('offers the button on operation pages, loads nothing of the panel on a first visit, and calls only the sandbox', async () => {
    const { page, context } = await openPage(portal, '/docs/api/get-single-employee');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.locator('.api-console-button').waitFor();
    // Styled before its panel's code and styles load (a bare browser button, pressed against the text, it was).
    expect(
      await page
        .locator('.api-console-button')
        .evaluate((b) => [getComputedStyle(b).borderRadius, getComputedStyle(b.parentElement as Element).marginBottom]),
    ).toEqual(['6px', '16px']);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    expect(requests.filter((u) => CHUNK.test(u))).toEqual([]);
    expect(await page.content()).not.toMatch(/console-panel-/);
    await page.locator('.api-console-button').click();
    await page.locator(PANEL).waitFor();
    expect(requests.filter((u) => CHUNK.test(u))).toHaveLength(1);
    expect(await page.getByLabel('Server').locator('option').allTextContents()).toEqual([
      'Mock (answers in this tab from the documentation)',
      'https://sandbox.api.tessera.example/v1',
    ]);
    // The Mock answers with the operation's example, the path id put in.
    await page.getByLabel('Bearer token').fill('tsk_test_123');
    await page.getByLabel(/^employeeId/).fill('emp_mock1');
    await send(page);
    expect(await statusText(page)).toMatch(/^200 OK/);
    expect(await page.locator(`${PANEL} .api-console-response`).textContent()).toContain('"id": "emp_mock1"');
    await context.close();
  });

  it('keeps the room of the buttons it adds after hydration, so the description does not move (desktop and phone)', async () => {
    const descriptionTop = async (javaScriptEnabled: boolean, width: number): Promise<number> => {
      const { page, context } = await openPage(portal, '/docs/api/get-single-employee', {
        javaScriptEnabled,
        noHydration: !javaScriptEnabled,
        viewport: { width, height: 800 },
      });
      if (javaScriptEnabled) await page.locator('.api-endpoint button:not([disabled])').waitFor();
      if (javaScriptEnabled) await page.locator('.api-console-button').waitFor();
      const top = await page.locator('.api-operation > .api-markdown').evaluate((d) => d.getBoundingClientRect().top);
      await context.close();
      return top;
    };
    for (const width of [1280, 390])
      expect(await descriptionTop(true, width), `${width}px`).toBe(await descriptionTop(false, width));
  });

  it('uploads a product photo as multipart: a file picker, the Mock’s 201, a curl that sends the file', async () => {
    const { page, context } = await openPage(portal, '/docs/api/add-photo');
    await page.locator('.api-console-button').click();
    await page.locator(PANEL).waitFor();
    await page.getByLabel('Bearer token').fill('tsk_test_123');
    await page
      .getByLabel(/^file/)
      .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('JPEG') });
    expect(await page.locator(`${PANEL} .api-console-code`).textContent()).toContain("--form 'file=@mug.jpg'");
    await send(page);
    expect(await statusText(page)).toMatch(/^201 Created/);
    expect(await page.locator(`${PANEL} .api-console-response`).textContent()).toContain('"status": "processing"');
    await context.close();
  });
});
