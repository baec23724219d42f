import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

// Two plain servers, so `openapi.console.servers` can name either one.
const DOCUMENT = `openapi: 3.1.0
info: { title: Pets API, version: '1' }
servers:
  - url: https://api.pets.example/v1
  - url: https://sandbox.pets.example/v1
paths:
  /pets/{petId}:
    get:
      summary: Get a pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        '200': { description: The pet. }
`;

const SANDBOX = 'https://sandbox.pets.example/v1';
const LIVE = 'https://api.pets.example/v1';

const configWith = (consoleOption: string): string => `export default {
  title: 'Console Fixture',
  url: 'https://console.example',
  navbar: { title: 'Pets', items: [{ type: 'docSidebar', sidebarId: 'api', label: 'API' }] },
  openapi: { path: 'openapi/pets.yaml', routeBasePath: '/docs/api'${consoleOption} },
};
`;

const log = memoryLogger();
let dir: string;
let outDir: string;
let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  dir = await scenario(
    'serve-api-console',
    { 'openapi/pets.yaml': DOCUMENT, 'site/portal.config.ts': configWith('') },
    'api-console',
  );
  outDir = path.join(dir, 'build');
  // No watcher: the first build and each edit's rebuild are the test's own, awaited (the one a save would start).
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', watch: false, log });
  await server.rebuild();
});

afterAll(async () => {
  await server?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Saves the config and rebuilds, as `serve` does on a save; the build must succeed. */
async function saveConfig(consoleOption: string): Promise<void> {
  await fs.writeFile(path.join(dir, 'site/portal.config.ts'), configWith(consoleOption));
  const before = log.lines.length;
  await server.rebuild();
  expect(log.lines.slice(before).join('\n')).not.toMatch(/build failed/);
}

/** What of the console the output ships: its panel chunk, the button code, and the operation page's servers. */
async function shipped(): Promise<{ panelChunk: boolean; button: boolean; servers: string[] | undefined }> {
  const assets = path.join(outDir, '_portal');
  const scripts = (await fs.readdir(assets, { recursive: true })).filter((f) => f.endsWith('.js'));
  const code = await Promise.all(scripts.map((f) => fs.readFile(path.join(assets, f), 'utf8')));
  const manifestName = (await fs.readdir(assets)).find((f) => /^manifest-.*\.json$/.test(f)) as string;
  const manifest = JSON.parse(await fs.readFile(path.join(assets, manifestName), 'utf8')) as Record<string, string>;
  const chunk = await fs.readFile(path.join(outDir, manifest['/docs/api/get-a-pet'] as string), 'utf8');
  // The page data, as the chunk gives it to JSON.parse (src/bundle/data-chunk.ts).
  const json = /JSON\.parse\(String\.raw`([^`]*)`\)/.exec(chunk)?.[1] as string;
  const page = JSON.parse(json) as { data: { console?: { servers: string[] } } };
  return {
    panelChunk: scripts.some((f) => /(^|\/)console-panel-[^/]*\.js$/.test(f)),
    button: code.some((c) => c.includes('api-console-button')),
    servers: page.data.console?.servers,
  };
}

const nothing = { panelChunk: false, button: false, servers: undefined };

/** issue 19: the request console follows `openapi.console` in portal.config.ts from one rebuild to the next. */
describe('portal serve with openapi.console edited in portal.config.ts', () => {
  it('ships the console once enabled, follows its servers, and ships none of it once disabled again', async () => {
    expect(await shipped()).toEqual(nothing);

    await saveConfig(`, console: { enabled: true, servers: ['${SANDBOX}'] }`);
    expect(await shipped()).toEqual({ panelChunk: true, button: true, servers: [SANDBOX] });

    await saveConfig(`, console: { enabled: true, servers: ['${LIVE}'] }`);
    expect(await shipped()).toEqual({ panelChunk: true, button: true, servers: [LIVE] });

    await saveConfig(`, console: { enabled: false, servers: ['${LIVE}'] }`);
    expect(await shipped()).toEqual(nothing);
  });
});
