import { createHash } from 'node:crypto';
import path from 'node:path';
import { codeHash } from '../code-hash.js';
import { readEntry, writeEntry } from '../disk-entry.js';
import type { OutputFile } from '../output/write.js';
import { htmlFileFor } from '../render/output-path.js';
import { isOlderVersion } from '../publish/public-routes.js';
import type { Route } from '../routes/route.js';
import type { DocsVersion } from '../../templates/shared/types.js';
import { SEARCH_PATH } from '../../templates/shared/search-terms.js';
import { buildSearchIndex } from './build-index.js';
import { collectSearchUnits } from './units.js';

export interface SiteSearchOptions {
  routes: readonly Route[];
  /** The rendered HTML documents (render stage output), found by each route's output path. */
  documents: readonly OutputFile[];
  trailingSlash: boolean | undefined;
  /** Docs versions: only the last one is searched, or every page would be found once per version. */
  versions: readonly DocsVersion[];
}

const LIMITS = { entries: 16, bytes: 128 * 1024 * 1024 };

/**
 * Search stage (issue 7): the index files of the whole site, under `_portal/search/`. Given a cache folder, the
 * index files are kept there by the search units they are made from (every text of every page, with the code that
 * indexes them: code-hash.ts), so a build whose pages read the same skips indexing (a third of the stage).
 */
export async function buildSiteSearch(o: SiteSearchOptions, cacheDir?: string): Promise<OutputFile[]> {
  const byPath = new Map(o.documents.map((f) => [f.path, f.contents]));
  const routes = o.routes.filter((r) => !isOlderVersion(r.path, o.versions));
  const units = collectSearchUnits(routes, (route) => {
    const html = byPath.get(htmlFileFor(route.path, o.trailingSlash));
    return typeof html === 'string' ? html : html ? new TextDecoder().decode(html) : undefined;
  });
  const options = { dir: SEARCH_PATH };
  if (!cacheDir) return buildSearchIndex(units, options).files;
  const key = createHash('sha1')
    .update(`${await codeHash()}\0`)
    .update(JSON.stringify([options, units]))
    .digest('hex');
  const file = path.join(cacheDir, `${key}.search`);
  const kept = await readEntry(file);
  if (Array.isArray(kept)) return kept as OutputFile[];
  const { files } = buildSearchIndex(units, options);
  await writeEntry(file, files, LIMITS);
  return files;
}
