/** HTML text in and out, for the places that write or read HTML as strings (document head, ids, Markdown output). */

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const TEXT_SPECIAL = /[&<>]/;

/**
 * Safe in text content (element bodies, XML text), not in attribute values. Called for every token of
 * highlighted code: most need no escaping, so it tests before replacing.
 */
export const escapeText = (s: string): string =>
  TEXT_SPECIAL.test(s) ? s.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] as string) : s;

/** Safe in text and in quoted attribute values (HTML and XML alike). */
export const escapeHtml = (s: string): string => escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Character references back to text, in one pass so `&amp;lt;` stays `&lt;`. Covers what React and micromark
 * emit (the five named ones, numeric ones) plus `&nbsp;`; an unknown name is left as written.
 */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
