import type { PortalConfig } from '../config/schema.js';
import type { SiteData } from '../../templates/shared/types.js';
import type { AssetManifest } from '../bundle/client.js';
import type { RoutePage } from '../bundle/route-modules.js';
import type { ServerBundle } from '../bundle/server.js';
import { error, PortalError } from '../diagnostics.js';
import { decodeEntities } from '../html-entities.js';
import { toHref } from '../routes/slug.js';
import type { OutputFile } from '../output/write.js';
import { renderBodiesCached, type BodyCache } from './body-cache.js';
import { renderBodies } from './render-bodies.js';
import { renderDocument } from './document.js';
import { htmlFileFor } from './output-path.js';

export interface RenderOptions {
  /** Each route with its page data (sidebar included), in route order: the server bundle leaves the data out. */
  pages: readonly RoutePage[];
  bundle: ServerBundle;
  site: SiteData;
  manifest: AssetManifest;
  manifestUrl: string;
  config: PortalConfig;
  liveReload?: string | undefined;
  /** `serve`: bodies of the last build, reused where nothing they are made from changed. */
  bodyCache?: BodyCache | undefined;
}

/** Render stage: every route to a complete HTML document; also returns each page's element ids for the anchor check. */
export async function renderPages(
  o: RenderOptions,
): Promise<{ files: OutputFile[]; idsByPath: Map<string, Set<string>> }> {
  const files: OutputFile[] = [];
  const idsByPath = new Map<string, Set<string>>();
  const asset = (p: string) => toHref(`/${p}`, o.site.baseUrl, undefined);
  const bodies =
    o.bodyCache && o.bundle.codeHash
      ? await renderBodiesCached(o.bodyCache, o.bundle.codeHash, o.pages, o.bundle, o.site)
      : await renderBodies(o.bundle, o.site, o.pages);
  const htmlLang = o.site.locales.find((l) => l.name === o.site.currentLocale)?.htmlLang ?? 'en';
  for (const { route } of o.pages) {
    const module = o.bundle.modules.get(route.path);
    if (!module) throw new Error(`no server module for ${route.path}`);
    const rendered = bodies.get(route.path);
    if (!rendered || 'error' in rendered) {
      const err = rendered?.error ?? new Error('no output');
      throw new PortalError(
        [
          error('render-failed', `rendering ${route.path} failed: ${err.message}`, {
            file: route.file,
            hint: 'a component in this page threw while rendering',
          }),
        ],
        { cause: err },
      );
    }
    const body = rendered.html;
    idsByPath.set(route.path, new Set(rendered.ids.map(decodeEntities)));
    const routeAssets = o.manifest.routes[route.path];
    if (!routeAssets) throw new Error(`no client chunk for ${route.path}`);
    // A Markdown-only page hydrates from a chunk without its body's data: the HTML has it (issue 17 item 3).
    const assets = routeAssets.firstVisit ?? routeAssets;
    const page = module.meta?.title
      ? {
          ...route.page,
          title: module.meta.title,
          ...(module.meta.description ? { description: module.meta.description } : {}),
        }
      : route.page;
    files.push({
      path: htmlFileFor(route.path, o.config.trailingSlash),
      contents: renderDocument({
        site: o.site,
        page,
        body,
        htmlLang,
        css: asset(o.manifest.css),
        runtime: asset(o.manifest.runtime),
        preload: [...o.manifest.runtimeImports, assets.chunk, ...assets.imports].map(asset),
        canonical: `${o.config.url.replace(/\/$/, '')}${toHref(route.path, o.site.baseUrl, o.config.trailingSlash)}`,
        image: o.config.image ? `${o.config.url.replace(/\/$/, '')}${asset(o.config.image)}` : undefined,
        boot: {
          path: route.path,
          chunk: asset(assets.chunk),
          manifest: o.manifestUrl,
          assets: asset('_portal/'),
          ...(o.liveReload ? { liveReload: o.liveReload } : {}),
        },
      }),
    });
  }
  return { files, idsByPath };
}
