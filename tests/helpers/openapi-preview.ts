import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { connectBrowser, serveDir } from './browser.ts';
import { buildFixture } from './fixtures.ts';

/**
 * A fixture site built with `--openapi` pointing at a document written for the test (`contents`, saved as
 * `fileName`), served, with a browser connected: what the API browser tests start from. `close` undoes it all.
 */
export async function openApiPreview(
  fixture: string,
  fileName: string,
  contents: string,
): Promise<{
  built: Awaited<ReturnType<typeof buildFixture>>;
  served: Awaited<ReturnType<typeof serveDir>>;
  browser: Browser;
  close(): Promise<void>;
}> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `portal-${fixture}-`));
  const file = path.join(tmp, fileName);
  await fs.writeFile(file, contents);
  const built = await buildFixture(fixture, { openapi: file });
  const served = await serveDir(built.outDir);
  const browser = await connectBrowser();
  return {
    built,
    served,
    browser,
    async close() {
      await browser.close();
      await served.close();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
