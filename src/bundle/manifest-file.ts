import { createHash } from 'node:crypto';
import type { OutputFile } from '../output/write.js';
import { ASSETS_DIR, type AssetManifest } from './client.js';

/**
 * The route → chunk map the browser runtime fetches for client-side navigation, as a file named by its content
 * hash (so it is cached for good), and the URL pages point to it by.
 */
export function manifestFile(manifest: AssetManifest, baseUrl: string): { file: OutputFile; url: string } {
  const contents = JSON.stringify(
    Object.fromEntries(Object.entries(manifest.routes).map(([p, a]) => [p, `${baseUrl}${a.chunk}`])),
  );
  const rel = `${ASSETS_DIR}/manifest-${createHash('sha1').update(contents).digest('hex').slice(0, 8)}.json`;
  return { file: { path: rel, contents }, url: `${baseUrl}${rel}` };
}
