import type { PageData, SiteData } from '../../templates/shared/types.js';
import type { ServerBundle } from '../bundle/server.js';

/**
 * One route's server-rendered body and the raw values of its `id` attributes (entities not yet decoded), or
 * why it failed. The ids are collected right where the body is rendered: on whichever thread that is.
 */
export type BodyResult = { html: string; ids: string[] } | { error: Error };

/**
 * The raw id attribute values of `html` (` id="…"`, after any whitespace), in document order. Besides the anchor
 * check this matters for memory: React builds the body by concatenation, a tree of thousands of small strings;
 * the first search flattens it into one, so the tree dies young instead of being kept (and copied by the garbage
 * collector) until the page is written. indexOf, not a regex starting with `\s`: that tried every position of
 * 130 KB pages and was a tenth of the render stage for 1,000 API operations.
 */
export function rawIds(html: string): string[] {
  const ids: string[] = [];
  for (let at = html.indexOf('id="'); at !== -1; at = html.indexOf('id="', at + 4)) {
    if (at === 0 || !/\s/.test(html[at - 1] as string)) continue;
    const start = at + 4;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    if (end > start) ids.push(html.slice(start, end));
    at = end - 3;
  }
  return ids;
}

/**
 * One route's body, on whichever thread renders it: its module from the server bundle (templates, not page
 * data) with its page data from memory. A component that throws gives that route's error, not a crash.
 */
export function renderBody(
  bundle: Pick<ServerBundle, 'modules' | 'renderRoute'>,
  site: SiteData,
  routePath: string,
  page: PageData,
): BodyResult {
  try {
    const module = bundle.modules.get(routePath);
    if (!module) throw new Error(`no server module for ${routePath}`);
    const html = bundle.renderRoute({ module: { ...module, page }, site });
    return { html, ids: rawIds(html) };
  } catch (err) {
    return { error: err as Error };
  }
}
