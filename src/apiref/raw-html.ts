import { Parser } from 'htmlparser2';
import { sanitizeUri } from 'micromark-util-sanitize-uri';
import { escapeHtml, escapeText } from '../html-entities.js';

/**
 * The raw HTML of an OpenAPI description, kept where it is formatting (CommonMark lets a description hold HTML,
 * and documents generated from code often do: Stripe's descriptions are `<p>…</p>`, httpbin's and Uber's have
 * `<br>`, `<b>`, `<code>`), sanitised (issue 8: no script runs, no `javascript:` URL, no attribute breaks out).
 * Only the elements below are kept, each with the attributes listed, URLs limited to the protocols micromark allows
 * for Markdown links and images. Elements whose content is code, styles or another document are left out with it
 * (DROPPED_WITH_CONTENT); any other tag is shown as written, as text: a placeholder such as `<token>` or
 * `<customer>` is HTML to CommonMark, and a reader needs to see it. No `id`, `class` or `style`: a description
 * cannot take an anchor of the page or restyle it.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = Object.assign(Object.create(null), {
  a: ['href', 'title'],
  abbr: ['title'],
  b: [],
  blockquote: [],
  br: [],
  caption: [],
  cite: [],
  code: [],
  dd: [],
  del: [],
  details: ['open'],
  div: [],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ins: [],
  kbd: [],
  li: [],
  mark: [],
  ol: ['start'],
  p: [],
  pre: [],
  q: [],
  s: [],
  samp: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['align', 'colspan', 'rowspan'],
  tfoot: [],
  th: ['align', 'colspan', 'rowspan'],
  thead: [],
  tr: [],
  u: [],
  ul: [],
  var: [],
});

const VOID = new Set(['br', 'hr', 'img', 'wbr']);

/** Elements left out with everything inside them: their content is code, styles or another document. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'frameset',
  'textarea',
  'select',
  'title',
  'xmp',
  'svg',
  'math',
  'head',
]);

/** The protocols micromark keeps in a Markdown link's and an image's address (the rest it empties). */
const HREF_PROTOCOLS = /^(https?|ircs?|mailto|xmpp)$/i;
const SRC_PROTOCOLS = /^https?$/i;

/** An attribute's value kept as written, or undefined when it is left out. */
function attributeValue(element: string, name: string, value: string): string | undefined {
  switch (name) {
    case 'href':
      return sanitizeUri(value, HREF_PROTOCOLS) || undefined;
    case 'src':
      return sanitizeUri(value, SRC_PROTOCOLS) || undefined;
    case 'width':
    case 'height':
    case 'colspan':
    case 'rowspan':
    case 'start':
      return /^\d{1,4}$/.test(value.trim()) ? value.trim() : undefined;
    case 'align':
      return /^(left|right|center)$/i.test(value.trim()) ? value.trim().toLowerCase() : undefined;
    case 'open':
      return element === 'details' ? '' : undefined;
    default:
      return value;
  }
}

/**
 * Sanitises the raw HTML pieces of one description, in order (micromark gives an inline tag or an HTML block at a
 * time, with the Markdown's own HTML between them): one parser reads them all, so an element opened in one piece
 * closes in another, and a `<script>` opened in one leaves out what the next pieces hold until it ends. Only
 * elements it wrote are closed, so a stray `</div>` cannot close one of the page's; `end` closes what the
 * description left open.
 */
export interface RawHtmlSanitizer {
  /** One piece of raw HTML, sanitised. */
  piece(html: string): string;
  /** The end tags of what the pieces left open. */
  end(): string;
}

export function rawHtmlSanitizer(): RawHtmlSanitizer {
  /** Elements written and not yet closed, innermost last. */
  const open: string[] = [];
  /** The end tags of the open elements from `at` on, innermost first; they are closed. */
  const closeFrom = (at: number): string =>
    open
      .splice(at)
      .reverse()
      .map((name) => `</${name}>`)
      .join('');
  /** Depth inside elements dropped with their content. */
  let dropping = 0;
  /** What the piece being read makes. */
  let out = '';
  /** Every piece read so far: the parser's positions are in this text. */
  let input = '';
  /** The tag just read, as written, shown as text. */
  const asWritten = (): void => {
    if (parser) out += escapeText(input.slice(parser.startIndex, parser.endIndex + 1));
  };
  // Made at the first piece: most descriptions micromark compiles have no raw HTML.
  let parser: Parser | undefined;
  const makeParser = (): Parser =>
    new Parser(
      {
        onopentag(name, attributes, implied) {
          if (DROPPED_WITH_CONTENT.has(name)) {
            dropping++;
            return;
          }
          if (implied || dropping > 0) return;
          const allowed = ALLOWED[name];
          if (!allowed) {
            asWritten();
            return;
          }
          let written = '';
          for (const attribute of allowed) {
            const raw = attributes[attribute];
            if (raw === undefined) continue;
            const value = attributeValue(name, attribute, raw);
            if (value !== undefined) written += ` ${attribute}="${escapeHtml(value)}"`;
          }
          // A link to nowhere safe is its text; an image from nowhere safe, its alternative text.
          if (name === 'a' && !written.includes(' href="')) return;
          if (name === 'img' && !written.includes(' src="')) {
            out += escapeText(attributes.alt ?? '');
            return;
          }
          if (VOID.has(name)) {
            out += `<${name}${written} />`;
            return;
          }
          out += `<${name}${written}>`;
          open.push(name);
        },
        ontext(text) {
          if (dropping === 0) out += escapeText(text);
        },
        onclosetag(name, implied) {
          if (DROPPED_WITH_CONTENT.has(name)) {
            dropping = Math.max(0, dropping - 1);
            return;
          }
          // The parser's own closing (a `<p>` ends the open one, the end of the text ends all) is left to the
          // browser's; only the description's closing tags close what it opened.
          if (implied || dropping > 0 || VOID.has(name)) return;
          if (!ALLOWED[name]) {
            asWritten();
            return;
          }
          const at = open.lastIndexOf(name);
          if (at >= 0) out += closeFrom(at);
        },
        // `<?php … ?>` in a PHP example's description is text to its reader; comments are for the document's authors.
        onprocessinginstruction() {
          if (dropping === 0) asWritten();
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
  return {
    piece(html) {
      out = '';
      input += html;
      parser ??= makeParser();
      parser.write(html);
      return out;
    },
    end: () => closeFrom(0),
  };
}
