import fs from 'node:fs/promises';
import path from 'node:path';
import { bootDataOf } from '../render/document.js';

/**
 * Whether the output folder holds a build `portal serve` wrote: its pages connect to the live-reload stream, so
 * at a restart they can be served at once, while the first build runs, and take that build when it is ready as
 * they take any rebuild (issue 16 item 2). A `portal build` output is not served so: its pages would never update.
 * Every site has its not-found page at the root of its output.
 */
export async function previewWritten(outDir: string): Promise<boolean> {
  const html = await fs.readFile(path.join(outDir, '404.html'), 'utf8').catch(() => '');
  return typeof bootDataOf(html)?.liveReload === 'string';
}
