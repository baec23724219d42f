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
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'kbd',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'wbr',
]);

/** One tag as the pattern `/<(\/?)([a-zA-Z][\w-]*)\b[^>]*>/g` matches it: `html.slice(start, end)`. */
export interface Tag {
  start: number;
  end: number;
  closing: boolean;
  /** As written: the run of `[\w-]` after `<` or `</`, less trailing hyphens (`\b` backtracks over them). */
  name: string;
}

const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isWordChar = (c: number): boolean => isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 95;
const isNameChar = (c: number): boolean => isWordChar(c) || c === 45;

/**
 * The next tag at or after `from`, exactly where that pattern's global search would find it: a `<`, an
 * optional `/`, a letter, then anything up to the first `>`. Scanning by hand instead of matching a regex
 * spares a match array per tag, which made tag handling most of the search stage's cost on large sites.
 */
export function nextTag(html: string, from: number): Tag | undefined {
  for (let lt = html.indexOf('<', from); lt >= 0; lt = html.indexOf('<', lt + 1)) {
    const closing = html.charCodeAt(lt + 1) === 47;
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!isAsciiLetter(html.charCodeAt(nameStart))) continue;
    // No `>` after this `<` means none after any later one either: no more tags.
    const gt = html.indexOf('>', nameStart);
    if (gt < 0) return undefined;
    let nameEnd = nameStart + 1;
    while (isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    while (html.charCodeAt(nameEnd - 1) === 45) nameEnd--;
    return { start: lt, end: gt + 1, closing, name: html.slice(nameStart, nameEnd) };
  }
  return undefined;
}

/** Whitespace to collapse: runs of two or more, and single characters other than a space (replacing a lone space with itself is most of the work of `/\s+/g`). */
const WHITESPACE = /\s{2,}|[^\S ]/g;

/** Tags out, entities decoded, whitespace collapsed; block boundaries become spaces. */
export function htmlToText(rendered: string): string {
  // React separates adjacent text nodes with empty comments; they are not text (they showed in result snippets).
  const html = rendered.includes('<!--') ? rendered.replaceAll('<!-- -->', '') : rendered;
  let text = '';
  let pos = 0;
  for (let tag = nextTag(html, 0); tag; tag = nextTag(html, tag.end)) {
    text += INLINE.has(tag.name.toLowerCase()) ? html.slice(pos, tag.start) : `${html.slice(pos, tag.start)} `;
    pos = tag.end;
  }
  text += html.slice(pos);
  return decodeEntities(text).replace(WHITESPACE, ' ').trim();
}

/**
 * Where a skipped element's tag may start: `<pre`, `</svg`, … as a whole tag name (trailing hyphens aside,
 * as in `nextTag`), any case. Searching for these alone skips the many tags of highlighted code in between.
 */
const SKIPPED_TAG = new RegExp(`<\\/?(?:${[...SKIPPED].join('|')})(?!-*\\w)`, 'gi');

/**
 * Whether a `<` at `at` lies inside a tag that `nextTag` would have found starting earlier. Such a tag runs to
 * the first `>`, so it can only start after the last `>` before `at`.
 */
function insideTag(html: string, at: number): boolean {
  for (
    let lt = html.indexOf('<', html.lastIndexOf('>', at - 1) + 1);
    lt >= 0 && lt < at;
    lt = html.indexOf('<', lt + 1)
  ) {
    const next = html.charCodeAt(lt + 1);
    if (isAsciiLetter(next) || (next === 47 && isAsciiLetter(html.charCodeAt(lt + 2)))) return true;
  }
  return false;
}

/**
 * Removes every element named in `SKIPPED` with its content, nested ones included: the tags `nextTag` finds,
 * looked for by name only, the others being kept as they are.
 */
export function stripSkipped(html: string): string {
  let out = '';
  let depth = 0;
  let pos = 0;
  for (const m of html.matchAll(SKIPPED_TAG)) {
    const end = html.indexOf('>', m.index) + 1;
    if (end === 0) break;
    // A self-closing tag (`<svg/>`) has no content to remove.
    if (html.charCodeAt(end - 2) === 47 || insideTag(html, m.index)) continue;
    if (depth === 0) out += html.slice(pos, m.index);
    depth = html.charCodeAt(m.index + 1) === 47 ? Math.max(0, depth - 1) : depth + 1;
    pos = end;
  }
  return depth === 0 ? out + html.slice(pos) : out;
}

/** The hash link a heading carries (`<a class="hash-link">#</a>`) is not part of its text. */
const withoutHashLinks = (html: string): string => html.replace(/<a\b[^>]*class="hash-link"[^>]*>[\s\S]*?<\/a>/g, '');

/** Where `/<main\b/` first matches, found with `indexOf`: a regex search steps through the whole head. */
function mainStart(html: string): number {
  for (let i = html.indexOf('<main'); i >= 0; i = html.indexOf('<main', i + 1))
    if (!isWordChar(html.charCodeAt(i + 5))) return i;
  return -1;
}

/**
 * The page's `<main>` (the whole input when it has none) as sections: one before the first h2/h3, then one
 * per h2/h3 with an id. Deeper headings stay in their section's text; an h1 is the page title, not text.
 */
export function sectionsOfHtml(html: string): HtmlSection[] {
  const start = mainStart(html);
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(start, end) : html;
  const body = stripSkipped(withoutHashLinks(main));
  const sections: HtmlSection[] = [];
  const heading = /<h([1-3])\b([^>]*)>([\s\S]*?)<\/h\1>/g;
  let current: { anchor?: string; heading?: string; from: number } = { from: 0 };
  const close = (to: number) => {
    const text = htmlToText(body.slice(current.from, to));
    if (current.heading !== undefined || text)
      sections.push({
        ...(current.anchor ? { anchor: current.anchor } : {}),
        ...(current.heading ? { heading: current.heading } : {}),
        text,
      });
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
  const leadText = lead
    .map((s) => s.text)
    .filter(Boolean)
    .join(' ');
  return [...(leadText ? [{ text: leadText }] : []), ...rest];
}
