import GithubSlugger from 'github-slugger';
import { compile, type Options, parse, postprocess, preprocess } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import type { SafeHtml } from '../../templates/shared/api-model.js';
import { capName } from '../routes/slug.js';
import { htmlToText } from '../search/html-sections.js';
import { highlightFences } from './highlight.js';
import { fastDescriptionHtml } from './markdown-fast-html.js';
import { type RawHtmlSanitizer, rawHtmlSanitizer } from './raw-html.js';
import type { TocItem } from '../../templates/shared/types.js';

type HtmlExtension = NonNullable<Options['htmlExtensions']>[number];
type CompileContext = ThisParameterType<NonNullable<NonNullable<HtmlExtension['enter']>['htmlFlow']>>;

/**
 * A description's raw HTML (an inline tag, or an HTML block) collected as written and given to its sanitiser
 * (raw-html.ts) instead of being escaped as text: micromark's own handlers, with the piece captured in a buffer.
 */
function rawHtml(sanitizer: RawHtmlSanitizer): HtmlExtension {
  function capture(this: CompileContext): undefined {
    this.buffer();
    this.setData('ignoreEncode', true);
  }
  function sanitize(this: CompileContext): undefined {
    this.setData('ignoreEncode');
    this.raw(sanitizer.piece(this.resume()));
  }
  return {
    enter: {
      htmlFlow() {
        this.lineEndingIfNeeded();
        capture.call(this);
      },
      htmlText: capture,
    },
    exit: { htmlFlow: sanitize, htmlText: sanitize },
  };
}

// Built once: combining the GFM extensions costs more than rendering a short description.
const GFM_HTML = gfmHtml();
const MICROMARK_OPTIONS = Object.freeze({
  extensions: [gfm()],
  htmlExtensions: [GFM_HTML],
  allowDangerousHtml: false,
  allowDangerousProtocol: false,
});
// One parser for every description (what `micromark()` rebuilds per call, GFM's syntax combined again).
// Its per-document state is the definitions, footnote definitions and lazy lines seen, reset before each text: a
// footnote defined in one description made a `[^1]` in a later one a call to nothing, which crashed the build.
const PARSER: ReturnType<typeof parse> & { gfmFootnotes?: string[] } = parse(MICROMARK_OPTIONS);

function micromark(markdown: string): string {
  PARSER.defined = [];
  PARSER.lazy = {};
  PARSER.gfmFootnotes = [];
  // Each description's own: an element its raw HTML opens is closed by the description's end at the latest.
  const sanitizer = rawHtmlSanitizer();
  const html = compile({ ...MICROMARK_OPTIONS, htmlExtensions: [GFM_HTML, rawHtml(sanitizer)] })(
    postprocess(PARSER.document().write(preprocess()(markdown, undefined, true))),
  );
  return html + sanitizer.end();
}

/**
 * Markdown of an OpenAPI description (CommonMark + GFM) to HTML, safely (issue 5, issue 8): its raw HTML is
 * sanitised (raw-html.ts: formatting kept, script and unsafe URLs left out), and micromark empties `javascript:`,
 * `vbscript:`, `data:` and every other non-http(s)/mailto URL. We then unwrap the emptied links and images, so no
 * dead `href=""` reaches the page.
 */
export function renderMarkdown(markdown: string): SafeHtml {
  if (PLAIN_SENTENCE.test(markdown) && !/www\./i.test(markdown)) return { __html: `<p>${markdown}</p>` };
  const fast = fastDescriptionHtml(markdown);
  return fast === undefined ? renderWithMicromark(markdown) : finishHtml(fast);
}

/**
 * One line of words, digits and punctuation that CommonMark and GFM give no meaning to: no list or heading marker
 * at its start (it starts with a letter), no indentation or trailing space, no character micromark escapes (`&<>"`), no emphasis,
 * code, link, table or strikethrough character, no `:` or `@` an autolink needs (and `www.` is ruled out apart).
 * Micromark makes a paragraph of such a line, as it is: most descriptions of a document are one ("Unique
 * identifier of the order."), and parsing them took a third of its time (tests check both ways agree).
 */
const PLAIN_SENTENCE = /^[A-Za-z](?:[A-Za-z0-9 ,.;'()/?%$+=-]*[A-Za-z0-9,.;'()/?%$+=-])?$/;

/** renderMarkdown without its shortcuts: micromark's HTML. */
export function renderWithMicromark(markdown: string): SafeHtml {
  return finishHtml(micromark(markdown));
}

/** micromark's HTML (or its mirror) as the page shows it. */
function finishHtml(html: string): SafeHtml {
  const finished = html
    .replace(/<a href=""(?: title="[^"]*")?>([\s\S]*?)<\/a>/g, '$1')
    .replace(/<img src="" alt="([^"]*)" \/>/g, '$1')
    // The document's links leave the portal: same treatment as the shell's external links.
    .replace(/<a href="(https?:\/\/[^"]*)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
  return highlightFences({ __html: finished.trim() });
}

/**
 * Descriptions rendered earlier in this process, the most recently used last, up to RECENT_CHARS of Markdown and
 * HTML: `portal serve` builds the API reference again at each save of the document, and a save changes a few of
 * its descriptions; rendering all of them again was 0.38 s of each rebuild of the portal's reference.
 */
const recent = new Map<string, SafeHtml>();
let recentChars = 0;
const RECENT_CHARS = 32 * 1024 * 1024;

function renderRecent(markdown: string): SafeHtml {
  const known = recent.get(markdown);
  if (known) {
    recent.delete(markdown);
    recent.set(markdown, known);
    return known;
  }
  const html = renderMarkdown(markdown);
  recent.set(markdown, html);
  recentChars += markdown.length + html.__html.length;
  for (const [text, old] of recent) {
    if (recentChars <= RECENT_CHARS) break;
    recent.delete(text);
    recentChars -= text.length + old.__html.length;
  }
  return html;
}

/**
 * Memoised renderMarkdown: one document repeats the same descriptions through shared components. The HTML is
 * shared, never changed by its users.
 */
export function createMarkdownRenderer(): (markdown: string | undefined) => SafeHtml | undefined {
  const cache = new Map<string, SafeHtml>();
  return (markdown) => {
    if (typeof markdown !== 'string' || markdown.trim() === '') return undefined;
    let html = cache.get(markdown);
    if (!html) {
      html = renderRecent(markdown);
      cache.set(markdown, html);
    }
    return html;
  };
}

/**
 * Gives the h2/h3 of rendered Markdown ids and returns them as TOC entries; `taken` holds ids the page
 * already uses, so a heading never shadows one of the template's own anchors. A description written in `#`
 * sections (as Redoc's readers write an API's introduction) sits under the page's own title: its headings go one
 * level down, so the page keeps one h1 and those sections reach the TOC.
 */
export function addHeadingIds(html: SafeHtml, taken: readonly string[] = []): { html: SafeHtml; toc: TocItem[] } {
  const slugger = new GithubSlugger();
  for (const id of taken) slugger.slug(id);
  const toc: TocItem[] = [];
  const leveled = html.__html.includes('<h1>')
    ? html.__html.replace(/<(\/?)h([1-5])>/g, (_m, end: string, level: string) => `<${end}h${Number(level) + 1}>`)
    : html.__html;
  const out = leveled.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_m, level: string, inner: string) => {
    const text = htmlToText(inner);
    const id = capName(slugger.slug(text));
    toc.push({ depth: Number(level), id, text });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: { __html: out }, toc };
}

/**
 * Plain text of Markdown, for meta descriptions: the first paragraph with links, emphasis and code marks
 * stripped (a cheap pass; a full render per operation cost more than the rest of the page data).
 */
export function markdownToText(markdown: string | undefined, max = 200): string | undefined {
  if (!markdown) return undefined;
  const first = markdown.trim().split(/\n\s*\n/)[0] ?? '';
  const text = first
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^#{1,6}\s+|^\s*[-*+>]\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : text;
}
