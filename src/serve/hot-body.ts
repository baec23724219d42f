import type { ProcessedSource } from '../content/process-source.js';
import { staticContentNodes } from '../content/static-content.js';
import { buildDocsVersions, type BuildDocsVersionsInput } from '../routes/docs-versions.js';
import type { Route } from '../routes/route.js';
import { buildRouteTable, type RouteTableInput } from '../routes/route-table.js';
import type { StaticNode } from '../../templates/shared/static-node.js';
import type { HotRoute } from '../../templates/shared/live-update.js';

/**
 * What a locale's last build computed its routes from (`portal serve`): enough to compute an edited doc's pages
 * again, as the route stage would, without a build.
 */
export interface HotSite {
  versions: BuildDocsVersionsInput;
  table: Omit<RouteTableInput, 'docVersions'>;
  /** The routes that build made, by path. */
  byPath: ReadonlyMap<string, Route>;
}

/**
 * The pages an edit of `file` changes, when the open pages can show them before any build (issue 16): an edit of a
 * Markdown-only body that leaves its front matter and its title as they were changes that page alone (its body,
 * table of contents and whether it shows a title); sidebars, neighbours and tag pages stay the same. Undefined for
 * any other edit, which takes the rebuild's path: front matter, a new title, JSX, errors, files of no route.
 * Pure: the same route stage as the build, on the last build's inputs with the new source in place.
 */
export function hotRoutes(site: HotSite, file: string, source: ProcessedSource): HotRoute[] | undefined {
  const before = site.versions.processed.get(file);
  if (!before || source.diagnostics.some((d) => d.severity === 'error')) return undefined;
  if (JSON.stringify(source.frontMatter) !== JSON.stringify(before.frontMatter)) return undefined;
  const nodes: StaticNode[] | undefined = staticContentNodes(source.code);
  if (!nodes) return undefined;
  const processed = new Map(site.versions.processed);
  processed.set(file, source);
  const versions = buildDocsVersions({ ...site.versions, processed });
  if (versions.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const table = buildRouteTable({
    ...site.table,
    pages: site.table.pages.map((p) => (p.file.file === file ? { ...p, source } : p)),
    docVersions: versions.contents,
  });
  if (table.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const routes = table.routes.filter((r) => r.file === file && r.body.type === 'mdx');
  if (routes.length === 0) return undefined;
  for (const route of routes) {
    const shown = site.byPath.get(route.path);
    // A new title is a new sidebar label and new prev/next links on its neighbours: a rebuild's work.
    if (!shown || shown.template !== route.template || shown.page.title !== route.page.title) return undefined;
  }
  return routes.map((route) => ({ path: route.path, page: route.page, nodes }));
}
