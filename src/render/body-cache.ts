import { createHash } from 'node:crypto';
import type { PageData, SiteData } from '../../templates/types.js';
import type { ServerBundle } from '../bundle/server.js';
import type { Route } from '../routes/route.js';
import { renderBodies, type BodyResult } from './render-bodies.js';

/**
 * Server-rendered bodies kept by `portal serve` between rebuilds. After a doc edit most pages render to the same
 * HTML as before; a body is reused when everything it is made from is unchanged: the code of the server bundle
 * apart from the pages (templates, site pages), the route's own compiled body and page data, and the site data.
 * Only the bodies of the last build are kept, so the cache does not grow over a day of edits.
 */
export interface BodyCache {
  entries: Map<string, { html: string; ids: string[] }>;
}

export const createBodyCache = (): BodyCache => ({ entries: new Map() });

export async function renderBodiesCached(
  cache: BodyCache,
  codeHash: string,
  routes: readonly Route[],
  bundle: ServerBundle,
  site: SiteData,
  pages: readonly PageData[],
): Promise<BodyResult[]> {
  const siteHash = createHash('sha1').update(JSON.stringify(site)).digest('hex');
  const keys = routes.map((route, i) =>
    createHash('sha1')
      .update(`${codeHash}\0${siteHash}\0`)
      .update(JSON.stringify([route.path, route.template, route.body, pages[i]]))
      .digest('hex'),
  );
  const results: Array<BodyResult | undefined> = keys.map((key) => cache.entries.get(key));
  const missing = results.flatMap((r, i) => (r ? [] : [i]));
  if (missing.length === routes.length) {
    results.splice(0, results.length, ...(await renderBodies(bundle, site, pages)));
  } else if (missing.length > 0) {
    // A few pages: rendered on this thread, from a view of the bundle holding just their modules.
    const { file: _onDisk, ...inMemory } = bundle;
    const some: ServerBundle = {
      ...inMemory,
      modules: missing.map((i) => bundle.modules[i] as ServerBundle['modules'][number]),
    };
    const rendered = await renderBodies(
      some,
      site,
      missing.map((i) => pages[i] as PageData),
    );
    for (const [k, i] of missing.entries()) results[i] = rendered[k];
  }
  cache.entries.clear();
  results.forEach((r, i) => {
    if (r && !('error' in r)) cache.entries.set(keys[i] as string, r);
  });
  return results as BodyResult[];
}
