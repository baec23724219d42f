import type { ProcessedSource } from '../content/process-source.js';
import { staticContentNodes } from '../content/static-content-module.js';
import { buildRoutes, type BuildRoutesInput } from '../routes/build-routes.js';
import type { Route } from '../routes/route.js';
import type { StaticNode } from '../../templates/shared/static-node.js';
import type { HotRoute } from '../../templates/shared/live-update.js';
import type { SidebarItem } from '../../templates/shared/types.js';

/**
 * What a locale's last build computed its routes from (`portal serve`): enough to compute an edited doc's pages
 * again, as the route stage would, without a build.
 */
export interface HotSite {
  routes: BuildRoutesInput;
  /** The routes that build made, by path. */
  byPath: ReadonlyMap<string, Route>;
  /** Every version's sidebars as that build bundled them. */
  sidebars: Record<string, SidebarItem[]>;
}

/**
 * The pages an edit of `file` changes, when the open pages can show them before any build (issue 16): an edit of a
 * Markdown-only doc or page that changes its own page alone (its body, table of contents, description...) while
 * every other route, every sidebar and its title stay as the last build made them. Undefined for any other edit,
 * which takes the rebuild's path: a new title, slug, sidebar label or position, tags, draft state, JSX, errors,
 * files of no route. Pure: the same route stage as the build, on its inputs with the new source in place.
 */
export function hotRoutes(site: HotSite, file: string, source: ProcessedSource): HotRoute[] | undefined {
  const input = site.routes;
  const before = input.versions.processed.get(file);
  if (!before || source.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const nodes: StaticNode[] | undefined = staticContentNodes(source.code);
  if (!nodes) return undefined;
  const processed = new Map(input.versions.processed);
  processed.set(file, source);
  const { versions, table, diagnostics } = buildRoutes({
    ...input,
    versions: { ...input.versions, processed },
    table: { ...input.table, pages: input.table.pages.map((p) => (p.file.file === file ? { ...p, source } : p)) },
  });
  if (!table || diagnostics.some((d) => d.severity === 'error')) return undefined;
  // A body reaches no page but its own (its title is checked below): every other route and the sidebars are only
  // compared, at some cost on a large site, when the front matter changed too.
  const onlyBody = JSON.stringify(source.frontMatter) === JSON.stringify(before.frontMatter);
  if (table.routes.length !== site.byPath.size) return undefined;
  if (!onlyBody && !sameJson(versions.bundleSidebars, site.sidebars)) return undefined;
  const routes: Route[] = [];
  for (const route of table.routes) {
    const shown = site.byPath.get(route.path);
    if (!shown) return undefined;
    if (route.file === file && route.body.type === 'mdx') {
      // A title also names the doc in the navbar's doc items, which only a rebuild makes again.
      if (shown.template !== route.template || shown.page.title !== route.page.title) return undefined;
      routes.push(route);
    } else if (!onlyBody && route.page !== shown.page && !sameJson(route.page, shown.page)) {
      // A neighbour's prev/next, a tag or category page: more than the edited page changed.
      return undefined;
    }
  }
  if (routes.length === 0) return undefined;
  return routes.map((route) => ({ path: route.path, page: route.page, nodes }));
}

/** The last build's values serialized once each, as an edit is compared with them at every save. */
const serialized = new WeakMap<object, string>();

function sameJson(now: object, before: object): boolean {
  let known = serialized.get(before);
  if (known === undefined) {
    known = JSON.stringify(before);
    serialized.set(before, known);
  }
  return JSON.stringify(now) === known;
}
