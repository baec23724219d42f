import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

// A document outside openapi/ that $refs a schema file next to it: what an API team previews.
const MAIN = `openapi: 3.1.0
info: { title: Pets preview, version: 1.0.0 }
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: The pets.
          content:
            application/json:
              schema: { $ref: 'schemas/pet.yaml' }
`;
const PET = `type: object
properties:
  name:
    type: string
    description: The pet's given name.
`;

let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
let dir: string;

beforeAll(async () => {
  dir = await scenario('serve-openapi', { 'specs/pets.yaml': MAIN, 'specs/schemas/pet.yaml': PET }, 'api-min');
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', openapi: 'specs/pets.yaml', log: memoryLogger() });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** issue 5 item 5: `portal serve --openapi FILE` previews a document kept anywhere, and follows its edits. */
describe('portal serve --openapi FILE', () => {
  it('rebuilds and reloads when the document or a file it $refs changes, though both are outside openapi/', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/docs/api/list-pets`);
    await expect.poll(() => page.textContent('h1')).toBe('List pets');
    expect(await page.textContent('main')).toContain("The pet's given name.");

    await fs.writeFile(
      path.join(dir, 'specs/schemas/pet.yaml'),
      PET.replace("The pet's given name.", 'The name the pet answers to.'),
    );
    await expect
      .poll(async () => page.textContent('main'), { timeout: 20_000 })
      .toContain('The name the pet answers to.');

    await fs.writeFile(
      path.join(dir, 'specs/pets.yaml'),
      MAIN.replace('summary: List pets', 'summary: List pets\n      description: Newest first.'),
    );
    await expect.poll(async () => page.textContent('main'), { timeout: 20_000 }).toContain('Newest first.');
    await page.close();
  });
});
