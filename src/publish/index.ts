import type { PortalConfig } from '../config/schema.js';
import type { OutputFile } from '../output/write.js';
import type { Route } from '../routes/route.js';
import type { SidebarItem, SiteData } from '../../templates/shared/types.js';
import { flattenSidebar } from '../routes/sidebars.js';
import { buildLlmsFullTxt, buildLlmsTxt } from './llms.js';
import { buildMarkdownSources, docMarkdownOf } from './markdown-sources.js';
import { absoluteFileUrl, isOlderVersion, isPublicRoute } from './public-routes.js';
import { buildRobots } from './robots.js';
import { buildSitemap } from './sitemap.js';

export interface MachineFilesOptions {
  routes: readonly Route[];
  config: PortalConfig;
  site: SiteData;
  /** The last docs version's sidebars: llms.txt lists each section in sidebar order. */
  sidebars: Record<string, SidebarItem[]>;
  /** Source text of a content file, by absolute path. */
  sourceOf: (file: string) => string | undefined;
  /** Set in the build of a non-default locale: robots.txt is written once, by the default locale's build. */
  locale?: string | undefined;
}

/**
 * Publish stage (issue 7): what the portal offers machines besides its pages: sitemap.xml, robots.txt,
 * llms.txt and llms-full.txt, and each doc's Markdown beside its page. Pure: returns the files.
 */
export function buildMachineFiles(o: MachineFilesOptions): OutputFile[] {
  const address = { url: o.config.url, baseUrl: o.config.baseUrl, trailingSlash: o.config.trailingSlash };
  const inSidebar = new Map(
    Object.values(o.sidebars)
      .flatMap((items) => flattenSidebar(items).map((l) => l.href))
      .map((href, i) => [href, i] as const)
      .reverse(),
  );
  const rank = (r: Route) => inSidebar.get(r.path) ?? Number.MAX_SAFE_INTEGER;
  const current = o.routes
    .filter((r) => isPublicRoute(r) && !isOlderVersion(r.path, o.site.versions))
    .sort((a, b) => rank(a) - rank(b));
  const sidebarLabels = new Map(
    o.site.navbar.items.flatMap((item) =>
      item.type === 'link' && item.sidebarId ? [[item.sidebarId, item.label] as const] : [],
    ),
  );
  const markdownOf = docMarkdownOf(o.sourceOf);
  const llms = {
    routes: current,
    site: { ...address, title: o.config.title, tagline: o.config.tagline },
    sectionTitle: (id: string) => sidebarLabels.get(id) ?? id.charAt(0).toUpperCase() + id.slice(1),
    sourceOf: o.sourceOf,
    markdownOf,
  };
  // The other locales' sitemaps sit under their own base URLs (src/commands/build-locale.ts).
  const otherLocales = o.config.i18n.locales.filter((l) => l !== o.config.i18n.defaultLocale);
  const sitemaps = [
    absoluteFileUrl(address, 'sitemap.xml'),
    ...otherLocales.map((l) => absoluteFileUrl(address, `${l}/sitemap.xml`)),
  ];
  return [
    { path: 'sitemap.xml', contents: buildSitemap(o.routes, address) },
    ...(o.locale ? [] : [{ path: 'robots.txt', contents: buildRobots(sitemaps) }]),
    { path: 'llms.txt', contents: buildLlmsTxt(llms) },
    { path: 'llms-full.txt', contents: buildLlmsFullTxt(llms) },
    ...buildMarkdownSources(o.routes, markdownOf),
  ];
}
