/**
 * Plain text of a rendered page, cut into sections at its h2/h3 headings (the levels the TOC links to, spec
 * §9), for the search index. It reads the HTML our own templates rendered with React, so tags are well
 * formed and attribute values escaped: a tag ends at the first `>`.
 */
import { decodeEntities } from '../html-entities.js';

export interface HtmlSection {
  /** Heading id; absent for the part before the first heading. */
  anchor?: string;
  heading?: string;
  text: string;
}

/** Elements whose content is not prose a reader would search for: code blocks, navigation, buttons, icons. */
const SKIPPED = new Set(['pre', 'script', 'style', 'nav', 'footer', 'button', 'svg', 'template', 'noscript']);
/** Inline elements: removing them must not glue or split words (`<code>id</code>s`). */
const INLINE = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 'kbd', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'wbr']);

/** Tags out, entities decoded, whitespace collapsed; block boundaries become spaces. */
export function htmlToText(html: string): string {
  const text = html.replace(/<\/?([a-zA-Z][\w-]*)\b[^>]*>/g, (_tag, name: string) => (INLINE.has(name.toLowerCase()) ? '' : ' '));
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Removes every element named in `SKIPPED` with its content, nested ones included. */
function stripSkipped(html: string): string {
  let out = '';
  let depth = 0;
  let pos = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)\b[^>]*>/g)) {
    const name = (m[2] as string).toLowerCase();
    if (!SKIPPED.has(name) || m[0].endsWith('/>')) continue;
    if (depth === 0) out += html.slice(pos, m.index);
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    pos = m.index + m[0].length;
  }
  return depth === 0 ? out + html.slice(pos) : out;
}

/** The hash link a heading carries (`<a class="hash-link">#</a>`) is not part of its text. */
const withoutHashLinks = (html: string): string => html.replace(/<a\b[^>]*class="hash-link"[^>]*>[\s\S]*?<\/a>/g, '');

/**
 * The page's `<main>` (the whole input when it has none) as sections: one before the first h2/h3, then one
 * per h2/h3 with an id. Deeper headings stay in their section's text; an h1 is the page title, not text.
 */
export function sectionsOfHtml(html: string): HtmlSection[] {
  const start = html.search(/<main\b/);
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(start, end) : html;
  const body = stripSkipped(withoutHashLinks(main));
  const sections: HtmlSection[] = [];
  const heading = /<h([1-3])\b([^>]*)>([\s\S]*?)<\/h\1>/g;
  let current: { anchor?: string; heading?: string; from: number } = { from: 0 };
  const close = (to: number) => {
    const text = htmlToText(body.slice(current.from, to));
    if (current.heading !== undefined || text) sections.push({ ...(current.anchor ? { anchor: current.anchor } : {}), ...(current.heading ? { heading: current.heading } : {}), text });
  };
  for (const m of body.matchAll(heading)) {
    const level = m[1];
    const id = /\sid="([^"]+)"/.exec(m[2] ?? '')?.[1];
    if (level === '1') {
      // The title is indexed as the title; text around it still belongs to the first section.
      close(m.index);
      current = { from: m.index + m[0].length };
      continue;
    }
    if (!id) continue;
    close(m.index);
    current = { anchor: decodeEntities(id), heading: htmlToText(m[3] ?? ''), from: m.index + m[0].length };
  }
  close(body.length);
  // Text split by an h1 is still the lead: merge lead fragments into one.
  const lead = sections.filter((s) => s.heading === undefined);
  const rest = sections.filter((s) => s.heading !== undefined);
  const leadText = lead.map((s) => s.text).filter(Boolean).join(' ');
  return [...(leadText ? [{ text: leadText }] : []), ...rest];
}
