import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '../../../src/commands/serve.ts';
import { memoryLogger, projectRoot, sharedDir } from '../../helpers/fixtures.ts';

const TRAIN = path.join(sharedDir, 'fixtures/openapi/train-travel/openapi.yaml');
const hasShared = Boolean(await fs.stat(TRAIN).catch(() => undefined));
const out = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-serve-preview-'));
let server: Awaited<ReturnType<typeof serve>> | undefined;
afterAll(async () => {
  await server?.close();
  await fs.rm(out, { recursive: true, force: true });
});

/** issue 14: `portal serve --openapi` previews a document with the portal's guides, as `build --openapi` does. */
describe.skipIf(!hasShared)('portal serve --openapi with the portal itself', () => {
  it("serves the preview, listing the guides' links into the replaced reference as warnings", async () => {
    const log = memoryLogger();
    server = await serve({
      root: projectRoot,
      outDir: path.join(out, 'build'),
      port: 0,
      host: '127.0.0.1',
      openapi: TRAIN,
      log,
    });
    const intro = await fetch(`${server.url}/docs/api`);
    expect(intro.status).toBe(200);
    expect(await intro.text()).toContain('Train Travel API');
    expect((await fetch(`${server.url}/docs/themes/overview`)).status).toBe(200);
    expect(log.text()).toMatch(
      /site\/docs\/themes\/overview\.mdx\n.*1 link into the API reference that --openapi replaced/,
    );
    expect(log.text()).not.toMatch(/error|overlay/i);
  }, 180_000);
});
