import { DocPage } from './DocPage.tsx';
import { PlainPage } from './PlainPage.tsx';
import { ServerRenderedContent, staticContent } from './static-content.tsx';

/**
 * What the route chunks of pages with a body (docs and plain pages) draw on, in one object that each route module
 * takes its template from. esbuild's splitting makes one shared chunk per set of entry points that use a module;
 * with each template (and the static-content renderer) used by its own set of routes, a doc page needed 13 small
 * files. Through this object every such route uses all of it, so it is one chunk (issue 17 item 3).
 *
 * Pages without a body take their template from a kit of their own (src/bundle/route-modules.ts `KITS`), so a
 * page does not load the templates of other kinds: the API reference's (api-kit.ts and the kits built on it), the
 * category, tag, tags index and not-found pages' (each the file of its template module). Every kit reaches the
 * shell modules this one reaches through DocPage (Sidebar, Link, docs-versions): the runtime shares them with the
 * pages, and a kit that reached only some of them would split their one chunk in two, a file more for every page.
 */
export const pageKit = {
  DocPage,
  PlainPage,
  ServerRenderedContent,
  staticContent,
};
