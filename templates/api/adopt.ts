import { withoutInternalLinks } from '../shared/urls.ts';

/**
 * First visit to a page without a body of its own (an API operation, tag or introduction page): its chunk leaves
 * out what the server already rendered into the HTML (descriptions, highlighted code samples, examples), marking
 * each with `{"$adopt": i}`, the index of the element that holds it among those the templates mark with
 * ADOPT_ATTRIBUTE. Before hydration the data is made whole again from those elements, so the templates, the
 * console and later renders see the same page data as from the full chunk (issue 17 item 3: the heaviest
 * operation pages shipped their descriptions twice, in the HTML and in their data). The build decides what to
 * leave out (src/bundle/first-visit-data.ts) and falls back to the full chunk when the page is not as it expects.
 */
export const ADOPT_ATTRIBUTE = 'data-adopt';

/** The props that mark an element whose content the first visit may take from the HTML. */
export const adoptable = { [ADOPT_ATTRIBUTE]: '' } as const;

/** What stands in for a value: `as` absent, a SafeHtml (the element's HTML); `text` or `json`, an example's value. */
interface Marker {
  $adopt: number;
  as?: 'text' | 'json';
}

/**
 * The page data with every marker replaced by what its element holds, and the sidebar put back; undefined when
 * the document does not hold the `count` marked elements the build saw, or a marker does not fit (the chunk then
 * loads the full data). Runs once, on the document the server rendered, before anything changed it.
 */
export function adoptFromDocument<T extends object>(data: T, count: number, sidebar?: unknown): T | undefined {
  const marked = document.querySelectorAll(`#__portal [${ADOPT_ATTRIBUTE}]`);
  if (marked.length !== count) return undefined;
  const resolve = (marker: Marker): unknown => {
    const element = marked[marker.$adopt];
    if (!element) throw new Error(`no element ${marker.$adopt}`);
    if (marker.as === undefined) return { __html: withoutInternalLinks(element.innerHTML) };
    const text = element.textContent ?? '';
    return marker.as === 'json' ? JSON.parse(text) : text;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (typeof (value as Partial<Marker>).$adopt === 'number') return resolve(value as Marker);
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = walk(record[key]);
    return value;
  };
  try {
    walk(data);
  } catch {
    return undefined;
  }
  return sidebar === undefined ? data : Object.assign(data, { sidebar });
}
