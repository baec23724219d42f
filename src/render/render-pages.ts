import type { PortalConfig } from '../config/schema.js';
import type { PageData, SiteData } from '../../templates/shared/types.js';
import type { AssetManifest } from '../bundle/client.js';
import type { RoutePage } from '../bundle/route-modules.js';
import { firstVisitChunk, type FirstVisitRecipe } from '../bundle/first-visit-data.js';
import type { ServerBundle } from '../bundle/server.js';
import { error, PortalError } from '../diagnostics.js';
import { decodeEntities } from '../html-entities.js';
import { inSlices } from '../in-slices.js';
import { absoluteFileUrl, absoluteUrl } from '../publish/public-routes.js';
import { toHref } from '../routes/slug.js';
import { isExternalUrl, withInternalLinks } from '../../templates/shared/urls.js';
import type { OutputFile } from '../output/write.js';
import { renderBodiesCached, type BodyCache } from './body-cache.js';
import { renderEachBody } from './render-bodies.js';
import { type BodyResult, renderBody } from './render-body.js';
import type { Route } from '../routes/route.js';
import { documentAround } from './document.js';
import { utf8Concat } from '../output/utf8.js';
import { htmlFileFor } from './output-path.js';

export interface RenderOptions {
  /** Each route with its page data (sidebar included), in route order: the server bundle leaves the data out. */
  pages: readonly RoutePage[];
  bundle: ServerBundle;
  site: SiteData;
  manifest: AssetManifest;
  manifestUrl: string;
  config: PortalConfig;
  /** `serve`: the live-reload endpoint and the shell key of this build, for the boot data. */
  liveReload?: { url: string; shell: string } | undefined;
  /** `serve`: bodies of the last build, reused where nothing they are made from changed. */
  bodyCache?: BodyCache | undefined;
  /** `serve`: aborted when a newer change makes this build's pages worthless; checked between slices of work. */
  signal?: AbortSignal | undefined;
  /**
   * `build`: data routes whose first visit may load a chunk without what their HTML holds (issue 17 item 3), made
   * here, where the rendered body is known. `serve` leaves it out: its pages change under the reader.
   */
  firstVisit?: ReadonlyMap<string, FirstVisitRecipe> | undefined;
}

/**
 * Render stage: every route to a complete HTML document; also returns each page's element ids for the anchor
 * check. With `emit`, each document is handed over as soon as it is made and only those `keep` asks for are
 * returned, so a site of 10,000 API operations never holds its HTML all at once (issue 20).
 */
export async function renderPages(
  o: RenderOptions & {
    /** `handOver`: the file's bytes are read by nothing else (OutputWriter.add). */
    emit?: ((file: OutputFile, handOver?: boolean) => void) | undefined;
    keep?: ((route: Route) => boolean) | undefined;
    /** Called for each page once it is emitted, with its page data: what nothing later reads may go. */
    release?: ((page: PageData) => void) | undefined;
  },
): Promise<{ files: OutputFile[]; chunks: OutputFile[]; idsByPath: Map<string, PageIds> }> {
  const keptFiles = new Map<string, OutputFile>();
  /** First-visit chunks not given to `emit`. */
  const chunks: OutputFile[] = [];
  const idsByPath = new Map<string, PageIds>();
  const failures = new Map<string, Error>();
  const routes = new Map(o.pages.map((p) => [p.route.path, p.route]));
  const document = pageDocument(o);
  // Called from worker messages too: it records a failure instead of throwing, and the stage reports it below.
  const onBody = (routePath: string, rendered: BodyResult): void => {
    const route = routes.get(routePath);
    if (!route) return;
    if ('error' in rendered) {
      failures.set(routePath, rendered.error);
      return;
    }
    if (failures.size > 0) return; // the build fails: no need to write more
    try {
      idsByPath.set(routePath, new PageIds(rendered.ids.map(decodeEntities)));
      // Bytes for a page nothing reads again: made without joining its HTML into one more large string.
      const kept = !o.emit || o.keep?.(route) === true;
      const { file, chunk } = document(route, rendered.html, !kept);
      if (chunk) {
        if (o.emit) o.emit(chunk, true);
        else chunks.push(chunk);
      }
      // A page kept for the search stage is read again; the others nothing reads once written.
      if (o.emit) o.emit(file, !kept);
      if (kept) keptFiles.set(routePath, file);
      else o.release?.(route.page);
    } catch (err) {
      failures.set(routePath, err as Error);
    }
  };
  if (o.bodyCache && o.bundle.codeHash) {
    const bodies = await renderBodiesCached(o.bodyCache, o.bundle.codeHash, o.pages, o.bundle, o.site, o.signal);
    // In slices, like the rendering itself: serve answers requests and hears of newer changes meanwhile.
    await inSlices([...bodies], ([routePath, body]) => onBody(routePath, body), o.signal);
  } else {
    await renderEachBody(o.bundle, o.site, o.pages, onBody, o.signal);
  }
  // The first failure in route order, as a sequential render would have met it.
  for (const { route } of o.pages) {
    const failed = failures.get(route.path) ?? (idsByPath.has(route.path) ? undefined : new Error('no output'));
    if (!failed) continue;
    if (failed instanceof PortalError) throw failed;
    throw new PortalError(
      [
        error('render-failed', `rendering ${route.path} failed: ${failed.message}`, {
          file: route.file,
          hint: 'a component in this page threw while rendering',
        }),
      ],
      { cause: failed },
    );
  }
  return { files: o.pages.flatMap(({ route }) => keptFiles.get(route.path) ?? []), chunks, idsByPath };
}

/**
 * A page's element ids for the anchor check, as one string: the ids matched in a page's HTML are slices of it,
 * and a Set of them kept the whole 130 KB page alive (a gigabyte for 10,000 API operations). Few links carry an
 * anchor, so a linear search per check costs less than a Set per page.
 */
export class PageIds {
  readonly #joined: string;
  constructor(ids: readonly string[]) {
    // join() makes a new flat string that shares nothing with the HTML.
    this.#joined = `\0${ids.join('\0')}\0`;
  }
  has(id: string): boolean {
    return !id.includes('\0') && this.#joined.includes(`\0${id}\0`);
  }
}

/**
 * The whole HTML document of a route around its rendered body: what renderPages writes for each route; with it,
 * for a data route, the first-visit chunk it loads when there is one.
 */
export function pageDocument(
  o: RenderOptions,
): (route: Route, body: string, asBytes?: boolean) => { file: OutputFile; chunk?: OutputFile } {
  const asset = (p: string) => toHref(`/${p}`, o.site.baseUrl, undefined);
  const htmlLang = o.site.locales.find((l) => l.name === o.site.currentLocale)?.htmlLang ?? 'en';
  const links = (html: string): string => withInternalLinks(html, o.site);
  const address = { url: o.config.url, baseUrl: o.site.baseUrl, trailingSlash: o.config.trailingSlash };
  return (route, body, asBytes = false) => {
    const module = o.bundle.modules.get(route.path);
    if (!module) throw new Error(`no server module for ${route.path}`);
    const routeAssets = o.manifest.routes[route.path];
    if (!routeAssets) throw new Error(`no client chunk for ${route.path}`);
    // A Markdown-only page hydrates from a chunk without its body's data, a data route from one without the
    // descriptions and examples its body shows: the HTML has them (issue 17 item 3).
    const recipe = o.firstVisit?.get(route.path);
    const adopting = recipe ? firstVisitChunk(recipe, route.page, body, links) : undefined;
    const assets = adopting?.assets ?? routeAssets.firstVisit ?? routeAssets;
    const page = module.meta?.title
      ? {
          ...route.page,
          title: module.meta.title,
          ...(module.meta.description ? { description: module.meta.description } : {}),
        }
      : route.page;
    const [head, tail] = documentAround({
      site: o.site,
      page,
      htmlLang,
      css: asset(o.manifest.css),
      runtime: asset(o.manifest.runtime),
      preload: [...o.manifest.runtimeImports, assets.chunk, ...assets.imports].map(asset),
      canonical: absoluteUrl(address, route.path),
      image: socialImage(address, route.head?.image ?? o.config.image),
      keywords: route.head?.keywords,
      boot: {
        path: route.path,
        chunk: asset(assets.chunk),
        manifest: o.manifestUrl,
        assets: asset('_portal/'),
        ...(o.liveReload ? { liveReload: o.liveReload.url, shell: o.liveReload.shell } : {}),
      },
    });
    const file = {
      path: htmlFileFor(route.path, o.config.trailingSlash),
      contents: asBytes ? utf8Concat([head, body, tail]) : `${head}${body}${tail}`,
    };
    return adopting ? { file, chunk: adopting.file } : { file };
  };
}

/**
 * `serve` (issue 16 item 2): a route's document rendered when it is asked for, on this thread, from the build under
 * way, so a page loaded before the whole site is rendered and written shows the new build. By output path (as
 * htmlFileFor makes it); undefined for a page the build does not have, or one whose render fails (the render
 * stage reports that).
 */
export function pageOnRequest(o: RenderOptions): (file: string) => OutputFile | undefined {
  const pages = new Map(o.pages.map((p) => [htmlFileFor(p.route.path, o.config.trailingSlash), p]));
  const document = pageDocument(o);
  return (file) => {
    const entry = pages.get(file);
    if (!entry) return undefined;
    const body = renderBody(o.bundle, o.site, entry.route.path, entry.page);
    return 'error' in body ? undefined : document(entry.route, body.html).file;
  };
}

/**
 * The social card's absolute URL: a page's own `image:` may be a URL (the link check refused unsafe ones), or like the
 * config's a file of the site.
 */
const socialImage = (address: Parameters<typeof absoluteFileUrl>[0], image: string | undefined): string | undefined =>
  image === undefined ? undefined : isExternalUrl(image) ? image : absoluteFileUrl(address, image);
