import { createHash } from 'node:crypto';
import type { PageData, SiteData } from '../../templates/shared/types.js';
import type { RoutePage } from '../bundle/route-modules.js';
import type { ServerBundle } from '../bundle/server.js';
import { inSlices } from '../in-slices.js';
import type { BodyResult } from './render-body.js';
import { renderBodies } from './render-bodies.js';

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
  pages: readonly RoutePage[],
  bundle: ServerBundle,
  site: SiteData,
  signal?: AbortSignal | undefined,
): Promise<Map<string, BodyResult>> {
  const siteHash = createHash('sha1').update(JSON.stringify(site)).digest('hex');
  // The routes of one sidebar share its array (route-modules.ts): encoded once, not once per page (an API
  // reference's sidebar lists every operation, and was most of the bytes hashed for its pages).
  const sidebarDigests = new Map<unknown, string>();
  const keyOf = ({ route, page }: RoutePage): string => {
    const { sidebar, ...rest } = page as PageData & { sidebar?: unknown };
    let sidebarDigest = sidebarDigests.get(sidebar);
    if (sidebarDigest === undefined) {
      sidebarDigest = createHash('sha1')
        .update(String(JSON.stringify(sidebar)))
        .digest('hex');
      sidebarDigests.set(sidebar, sidebarDigest);
    }
    return createHash('sha1')
      .update(`${codeHash}\0${siteHash}\0${sidebarDigest}\0`)
      .update(JSON.stringify([route.path, route.template, route.body, rest]))
      .digest('hex');
  };
  // In slices: hashing a large site's pages (their compiled bodies) took ~100 ms of the corpus's 1,000, which held
  // up the page `serve` had been asked for meanwhile (it renders from this build before the others, pageOnRequest).
  const keys = new Map<string, string>();
  await inSlices(pages, (p) => keys.set(p.route.path, keyOf(p)), signal);
  const missing = pages.filter((p) => !cache.entries.has(keys.get(p.route.path) as string));
  let rendered: Map<string, BodyResult>;
  if (missing.length === pages.length) {
    rendered = await renderBodies(bundle, site, pages, signal);
  } else {
    // A few pages: rendered on this thread (no bundle file for a worker to import).
    const { file: _onDisk, ...inMemory } = bundle;
    rendered = await renderBodies(inMemory, site, missing, signal);
  }
  const bodies = new Map<string, BodyResult>();
  for (const { route } of pages) {
    const key = keys.get(route.path) as string;
    bodies.set(route.path, rendered.get(route.path) ?? (cache.entries.get(key) as BodyResult));
  }
  cache.entries.clear();
  for (const [routePath, body] of bodies) {
    if (!('error' in body)) cache.entries.set(keys.get(routePath) as string, body);
  }
  return bodies;
}
