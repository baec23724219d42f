import MarkdownIt, { type Options, type Token } from 'markdown-it';
import { normalizeUri } from 'micromark-util-sanitize-uri';

/**
 * The HTML micromark gives a description of the API document (CommonMark + GFM, raw HTML escaped, links limited to
 * safe protocols), made by markdown-it, which reads such text six to seven times faster: micromark was the largest
 * part of the API stage (0.6 s of a cold build of the portal, 0.6–0.8 s of a 600-operation preview; issue 17).
 *
 * Like content/markdown-fast-parse.ts for docs, it answers only for texts whose HTML it mirrors exactly, and
 * returns `undefined` for the rest, which then take micromark: anything with `<` (raw HTML and autolinks, which
 * micromark escapes in its own way), GFM's own syntax (autolink literals, tables, strikethrough, footnotes, task
 * list items), reference definitions, links or images whose address names a protocol (micromark empties the unsafe
 * ones, markdown-it keeps more of them), tabs and lines indented by four or more, and the corners where the two
 * parsers were found to disagree (below). Property tests (tests/unit/apiref/markdown-fast-html.test.ts) hold both
 * to the same HTML; every description of the fixture documents is rendered both ways there too.
 */
export function fastDescriptionHtml(markdown: string): string | undefined {
  if (
    UNMIRRORED.test(markdown) ||
    UNMIRRORED_LINE.test(markdown) ||
    !tablesMirrored(markdown) ||
    !bracketsBalanced(markdown) ||
    !plainDelimiterRuns(markdown)
  )
    return undefined;
  const env = {};
  const tokens = md.parse(markdown, env);
  if (!tokens.every(mirrored) || blockInListItem(tokens) || indentedCodeSpanLines(tokens, markdown)) return undefined;
  return md.renderer.render(tokens, md.options, env);
}

/**
 * What micromark and its GFM extension read otherwise than markdown-it here, or what this module does not check;
 * `]:` rules out every reference definition (a label's `]` is followed by its `:`, and `\]` is ruled out too).
 */
const UNMIRRORED =
  /[<~@\t\r\0]|\\[[\]]|:\/\/|www\.|\[\^|\]:|\[[ \txX]\]|\*{3}|_{3}|[*_](?:[^\0-\x7f]|[&\\])|(?:[^\0-\x7f]|[;\\])[*_]/i;

/**
 * Lines indented by four or more (lazy lines of quotes and list items, blank lines after indented code), list items
 * numbered from `0…` (micromark does not let `01.` interrupt a paragraph as `1.` does), and `:-` or `-:`, of
 * which micromark's GFM makes a table's delimiter row even without a pipe (in a quote too).
 */
const UNMIRRORED_LINE = /^ {4}|(?:^|\s)0\d*[.)](?:\s|$)|:-|-:/m;

/**
 * Whether every `|` is in a table both read alike: rows from the first column to a closing `|` with as many cells
 * as the header, a delimiter row of dashes only (alignment is written otherwise by the two), no backslash (escaped
 * pipes), and a blank line (or the text's start and end) around the table, so no paragraph or lazy row touches it.
 */
function tablesMirrored(markdown: string): boolean {
  if (!markdown.includes('|')) return true;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!(lines[i] as string).includes('|')) continue;
    const cells = pipes(lines[i] as string);
    if ((i > 0 && lines[i - 1] !== '') || !DELIMITER_ROW.test(lines[i + 1] ?? '')) return false;
    for (; i < lines.length && lines[i] !== ''; i++) {
      const row = lines[i] as string;
      if (!TABLE_ROW.test(row) || pipes(row) !== cells) return false;
    }
  }
  return true;
}
const TABLE_ROW = /^\|[^\\]*\|$/;
const DELIMITER_ROW = /^\|(?: *-+ *\|)+$/;
const pipes = (line: string): number => line.split('|').length - 1;

/**
 * Whether every run of `*` or `_` can only open or only close emphasis, or neither: a run between two punctuation
 * marks can do both, as can a `*` inside a word, and there the parsers apply CommonMark's rule of three differently.
 */
function plainDelimiterRuns(markdown: string): boolean {
  for (let i = 0; i < markdown.length; i++) {
    const char = markdown[i] as string;
    if (char !== '*' && char !== '_') continue;
    let end = i;
    while (markdown[end + 1] === char) end++;
    const before = kindOf(markdown[i - 1]);
    const after = kindOf(markdown[end + 1]);
    if (
      (before === 'punctuation' && after === 'punctuation') ||
      (char === '*' && before === 'word' && after === 'word')
    )
      return false;
    i = end;
  }
  return true;
}

const kindOf = (char: string | undefined): 'space' | 'punctuation' | 'word' =>
  char === undefined || /\s/.test(char) ? 'space' : /[A-Za-z0-9]/.test(char) ? 'word' : 'punctuation';

/**
 * As many `]` as `[`, each after its `[`, and between each outermost pair only single backticks, an even number of
 * them: the parsers settle unclosed brackets, and code spans that a bracket cuts, differently.
 */
function bracketsBalanced(markdown: string): boolean {
  let open = 0;
  let backticks = 0;
  for (let i = 0; i < markdown.length; i++) {
    const char = markdown[i];
    if (char === '[') open++;
    else if (char === ']') {
      if (--open < 0) return false;
      if (open === 0 && backticks % 2 === 1) return false;
      if (open === 0) backticks = 0;
    } else if (char === '`' && open > 0) {
      if (markdown[i + 1] === '`') return false;
      backticks++;
    }
  }
  return open === 0;
}

/** Deeper than this the parser stops nesting (markdown-it makes text of it); such texts are left to micromark. */
const MAX_NESTING = 100;

function mirrored(token: Token, index: number, siblings: Token[]): boolean {
  if (token.level >= MAX_NESTING - 2) return false;
  // markdown-it trims a code span of spaces only, which CommonMark keeps as it is.
  if (token.type === 'code_inline' && /^ *$/.test(token.content)) return false;
  if (token.type === 'fence' && (!closedFence(token) || !/^[\w+#.-]*$/.test(token.info))) return false;
  // Where an ordered list may start with another number than 1 the two parsers disagree in places.
  if (token.type === 'ordered_list_open' && token.attrGet('start') !== null) return false;
  // An empty list item after indented code is a paragraph for micromark.
  if (token.type === 'list_item_open' && siblings[index + 1]?.type === 'list_item_close') return false;
  if (token.type === 'link_open' || token.type === 'image') {
    const address = token.attrGet('src') ?? token.attrGet('href') ?? '';
    // A protocol (micromark keeps fewer), a character reference markdown-it did not decode (micromark does), or a
    // line break, which markdown-it lets an escaping backslash carry into an address.
    if (address.includes(':') || address.includes('&#') || /%0A/i.test(address)) return false;
  }
  return token.children ? token.children.every(mirrored) : true;
}

/**
 * A list item holding more than paragraphs and lists: the two put the line breaks around a heading, code or a quote
 * in a tight list item differently.
 */
function blockInListItem(tokens: readonly Token[]): boolean {
  let items = 0;
  for (const token of tokens) {
    if (token.type === 'list_item_open') items++;
    else if (token.type === 'list_item_close') items--;
    else if (items > 0 && !IN_LIST_ITEMS.has(token.type)) return true;
  }
  return false;
}
const IN_LIST_ITEMS = new Set([
  'paragraph_open',
  'paragraph_close',
  'inline',
  'bullet_list_open',
  'bullet_list_close',
  'ordered_list_open',
  'ordered_list_close',
]);

/**
 * Text with code spans over lines of which one after the first is indented: micromark keeps some of that
 * indentation inside the code span (in list items, lazy lines), markdown-it none. Lines whose backticks are single
 * and paired, none escaped, hold their code spans whole: no span crosses a line there (the portal's list items,
 * each a few lines of prose with `names` in them).
 */
function indentedCodeSpanLines(tokens: readonly Token[], markdown: string): boolean {
  let lines: string[] | undefined;
  return tokens.some((token, i) => {
    if (token.type !== 'inline' || !token.content.includes('`') || !token.content.includes('\n')) return false;
    const [start, end] = tokens[i - 1]?.map ?? [0, 0];
    lines ??= markdown.split('\n');
    const spanned = lines.slice(start, end);
    return spanned.slice(1).some((line) => /^\s/.test(line)) && !spanned.every(codeSpansWithinLine);
  });
}

/**
 * Pairs of single backticks: nothing else on the line takes one (an escape, a link's address or title, which may
 * go on to the next line), so each pair is a code span there.
 */
const codeSpansWithinLine = (line: string): boolean =>
  !/``|\\`|\]\([^)\s]*[\s`]/.test(line) && (line.match(/`/g)?.length ?? 0) % 2 === 0;

/**
 * Whether a fence has its closing line (the parsers end one left open at the end of the text differently): its lines
 * are the opening one, one per line of its text, and the closing one.
 */
function closedFence(token: Token): boolean {
  const [start, end] = token.map ?? [0, 0];
  if (token.content === '') return end - start === 2;
  return token.content.endsWith('\n') && end - start === token.content.split('\n').length + 1;
}

const md = createRenderer();

function altText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'image') text += altText(token.children ?? []);
  }
  return text;
}

function createRenderer(): MarkdownIt {
  const options = { html: false, xhtmlOut: true, linkify: false, typographer: false, maxNesting: MAX_NESTING };
  const renderer = new MarkdownIt('commonmark', options as Options);
  // GFM's tables as tablesMirrored lets them through; strikethrough (`~`) and GFM's other syntax take micromark.
  renderer.enable('table');
  // Addresses percent-encoded by micromark's own function, so they come out as its do. Every address makes a link
  // token, which `mirrored` then checks: markdown-it's own check would leave a `javascript:` link as its text.
  renderer.normalizeLink = normalizeUri;
  renderer.validateLink = () => true;
  // micromark's alternative text of an image holds its code spans' text too.
  renderer.renderer.rules.image = (tokens, i, options, _env, self) => {
    const token = tokens[i] as Token;
    token.attrs?.splice(token.attrIndex('alt'), 1, ['alt', altText(token.children ?? [])]);
    return self.renderToken(tokens, i, options);
  };
  // An empty blockquote is two lines in micromark's HTML too.
  renderer.renderer.rules.blockquote_open = () => '<blockquote>\n';
  return renderer;
}
