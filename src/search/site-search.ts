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

/** Search stage (issue 7): the index files of the whole site, under `_portal/search/`. */
export function buildSiteSearch(o: SiteSearchOptions): OutputFile[] {
  const byPath = new Map(o.documents.map((f) => [f.path, f.contents]));
  const routes = o.routes.filter((r) => !isOlderVersion(r.path, o.versions));
  const units = collectSearchUnits(routes, (route) => {
    const html = byPath.get(htmlFileFor(route.path, o.trailingSlash));
    return typeof html === 'string' ? html : html ? new TextDecoder().decode(html) : undefined;
  });
  return buildSearchIndex(units, { dir: SEARCH_PATH }).files;
}
