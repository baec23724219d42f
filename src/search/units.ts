import type { PageOf, RouteKind } from '../../templates/shared/types.js';
import type { Route } from '../routes/route.js';
import { htmlToText, sectionsOfHtml } from './html-sections.js';

/** One entry of the search index: a section of a page, or an API operation (issue 7). */
export interface SearchUnit {
  page: string;
  anchor?: string;
  pageTitle: string;
  heading?: string;
  text: string;
  /** API operations: `GET /orders/{id} getOrder`, searchable by method, path and operation id. */
  api?: string;
  method?: string;
  path?: string;
}

/** Pages readers search for. Tag and category pages only list other pages; the 404 page is not content. */
const INDEXED: ReadonlySet<RouteKind> = new Set(['page', 'doc', 'api-intro', 'api-tag', 'api-operation']);

/** A tag page's list of its operations repeats what the operations' own units hold. */
const LIST_SECTIONS: Partial<Record<RouteKind, ReadonlySet<string>>> = { 'api-tag': new Set(['operations']) };

/** Whether the search stage reads this route's rendered HTML: an API operation's unit is made from its data. */
export const searchReadsHtml = (route: Route): boolean =>
  !route.unlisted && INDEXED.has(route.kind) && route.page.kind !== 'api-operation';

/**
 * Search stage, input side: the units of every public route, in route order (a page's units are
 * consecutive). Unlisted routes are left out; drafts never reach the route table. `htmlOf` gives a route's
 * rendered document.
 */
export function collectSearchUnits(
  routes: readonly Route[],
  htmlOf: (route: Route) => string | undefined,
): SearchUnit[] {
  const units: SearchUnit[] = [];
  for (const route of routes) {
    if (route.unlisted || !INDEXED.has(route.kind)) continue;
    const pageTitle = route.page.title;
    if (route.page.kind === 'api-operation') {
      units.push(operationUnit(route.path, route.page));
      continue;
    }
    const html = htmlOf(route);
    const skip = LIST_SECTIONS[route.kind];
    const sections = html ? sectionsOfHtml(html).filter((s) => !(s.anchor && skip?.has(s.anchor))) : [];
    // The page itself is always findable by its title, even when it has no text before its first heading.
    if (!sections.some((s) => s.heading === undefined))
      units.push({ page: route.path, pageTitle, text: route.page.description ?? '' });
    for (const s of sections) {
      units.push({
        page: route.path,
        pageTitle,
        text: s.text,
        ...(s.anchor ? { anchor: s.anchor } : {}),
        ...(s.heading ? { heading: s.heading } : {}),
      });
    }
  }
  return units;
}

/** An operation is one unit: its summary and description, parameter names, and method, path and id. */
function operationUnit(path: string, page: PageOf<'api-operation'>): SearchUnit {
  const { operation: op, tags } = page.data;
  const params = op.parameters.map((p) => p.name);
  // The whole description, not the meta description's first paragraph.
  const description = op.description ? htmlToText(op.description.__html) : (op.plainDescription ?? '');
  const text = [
    description,
    params.length ? `Parameters: ${params.join(', ')}.` : '',
    tags.length ? `Tags: ${tags.map((t) => t.name).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    page: path,
    pageTitle: page.title,
    text,
    api: [op.method, op.path, op.operationId ?? ''].join(' ').trim(),
    method: op.method,
    path: op.path,
  };
}
