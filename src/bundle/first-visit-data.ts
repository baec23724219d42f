import type { PageData } from '../../templates/shared/types.js';
import type { RouteAssets } from './client.js';
import { dataChunk, dataChunkImports, type DataChunkRecipe, withoutSidebar } from './data-chunk.js';

/**
 * The attribute the API templates put on an element whose content comes verbatim from the page data
 * (templates/api/adopt.ts, ADOPT_ATTRIBUTE): a description's HTML, a highlighted code sample, an example's text.
 */
const MARK = ' data-adopt=""';

/**
 * Each marked element of a rendered body, in document order: its tag name and where its content starts. React
 * writes an attribute value's `<` and `>` as entities and text's `<` as `&lt;`, so the mark sits inside the start
 * tag that the last `<` before it opens, which ends at the first `>` after it. Found with indexOf: a regular
 * expression trying every tag of a 150 KB page cost half a millisecond per API page.
 */
function* markedElements(body: string): Generator<{ tag: string; start: number }> {
  for (let at = body.indexOf(MARK); at >= 0; at = body.indexOf(MARK, at + MARK.length)) {
    const open = body.lastIndexOf('<', at);
    const close = body.indexOf('>', at);
    const tag = /^<([a-z][a-z0-9]*)/.exec(body.slice(open, open + 12))?.[1];
    if (open < 0 || close < 0 || !tag) continue;
    yield { tag, start: close + 1 };
  }
}

/** Values shorter than this stay in the data: their marker would be about as long. */
const MIN_LENGTH = 32;

/**
 * A first visit's page data (issue 17 item 3): the page data of a route with no body of its own, with each value
 * the rendered body already holds replaced by `{"$adopt": i}`, i being the index of the marked element holding it
 * in document order, which the browser reads back before hydrating. Only exact matches are left out: a SafeHtml
 * whose HTML (as is, or with its internal links as the Markdown template writes them) is the whole content of a
 * marked element, and an example's `value` whose text (as ExampleBlock shows it) is. Undefined when nothing would
 * be left out, or when the data already has a key the markers use.
 */
export function firstVisitData(
  data: object,
  body: string,
  /** What the Markdown template makes of a description's internal links (templates/shared/urls.ts). */
  links: (html: string) => string = (html) => html,
): { json: string; count: number; leftOut: number } | undefined {
  const html = new Map<string, number>();
  let count = 0;
  for (const { tag, start } of markedElements(body)) {
    const index = count++;
    const end = body.indexOf(`</${tag}>`, start);
    if (end < 0) continue;
    const content = body.slice(start, end);
    // A nested element of the same name would end this one's content early: not taken, rather than guessed.
    if (content.includes(`<${tag}`)) continue;
    if (!html.has(content)) html.set(content, index);
  }
  if (count === 0) return undefined;
  let leftOut = 0;
  let clash = false;
  const markers = new WeakSet<object>();
  const marker = (at: number, as?: 'text' | 'json'): object => {
    leftOut++;
    const made = as ? { $adopt: at, as } : { $adopt: at };
    markers.add(made);
    return made;
  };
  // ExampleBlock's text for a value; `\r` and NUL the HTML parser would change, so such a text is not taken back.
  const exampleValue = (value: unknown): unknown => {
    const shown = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    const at =
      shown && shown.length >= MIN_LENGTH && !/[\r\0]/.test(shown) ? html.get(asReactWrites(shown)) : undefined;
    return at === undefined ? value : marker(at, typeof value === 'string' ? 'text' : 'json');
  };
  // Serialised with the markers in place rather than copied first: the data of 10,000 operations, once more, was
  // garbage the build paid for in memory.
  const json = JSON.stringify(data, function (this: unknown, key: string, value: unknown): unknown {
    if (key === '$adopt' && !markers.has(this as object)) clash = true;
    if (key === 'value') return exampleValue(value);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const inner = (value as { __html?: unknown }).__html;
    if (typeof inner !== 'string' || inner.length < MIN_LENGTH || Object.keys(value).length !== 1) return value;
    const at = html.get(inner) ?? html.get(links(inner));
    return at === undefined ? value : marker(at);
  });
  return leftOut === 0 || clash ? undefined : { json, count, leftOut };
}

/** What the client build keeps of a data route whose template can adopt (route-modules.ts `adopts`). */
export interface FirstVisitRecipe extends DataChunkRecipe {
  /** Its full chunk's URL path (under the assets folder); the first-visit chunk is written beside it. */
  chunk: string;
  /** The template module's chunk and what it imports. */
  template: RouteAssets;
}

/**
 * The first-visit chunk of a data route and the scripts its HTML preloads, from its page data and rendered body;
 * undefined when the body holds nothing worth leaving out (the page then loads its full chunk, as before).
 */
export function firstVisitChunk(
  recipe: FirstVisitRecipe,
  page: PageData,
  body: string,
  links?: (html: string) => string,
): { file: { path: string; contents: Uint8Array }; assets: { chunk: string; imports: string[] } } | undefined {
  const left = firstVisitData(withoutSidebar(page), body, links);
  if (!left) return undefined;
  const dir = recipe.chunk.slice(0, recipe.chunk.lastIndexOf('/') + 1);
  const chunk = dataChunk({
    ...recipe,
    page,
    json: left.json,
    firstVisit: { count: left.count, fullChunk: recipe.chunk.slice(dir.length) },
  });
  const chunkPath = `${dir}${chunk.file}`;
  return {
    file: { path: chunkPath, contents: chunk.contents },
    assets: { chunk: chunkPath, imports: dataChunkImports(chunk.inlined, recipe.template) },
  };
}

const REACT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * Text as React's server renderer writes it into an element (its own five escapes, `'` as `&#x27;`): how an
 * example's text is found in the body without decoding every marked element (the unit test renders it with React).
 */
export const asReactWrites = (text: string): string =>
  /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => REACT_ESCAPES[c] as string) : text;
