import MarkdownIt, { type Options, type StateBlock, type StateInline, type Token } from 'markdown-it';
import type { Root, RootContent, PhrasingContent, Parent, List, ListItem, Table, AlignType, Text } from 'mdast';
import { ADMONITION_TYPES } from './plugins/admonitions.js';

type InlineRule = (state: StateInline, silent: boolean) => boolean;

/**
 * Most docs are plain Markdown, and micromark (the MDX parser) reads them at ~1 MB/s: two thirds of a compile.
 * markdown-it reads the same CommonMark ~30 times faster. This module parses a file with it into the mdast the
 * MDX parser would give, so everything after parsing (plugins, hast, the static tree) stays one code path.
 *
 * It only answers for files it can mirror exactly and returns `undefined` for the rest, which then take the MDX
 * parser: anything MDX reads differently from CommonMark (`<`, `{`, `}`, import/export lines, lines indented by
 * four or more, which MDX never reads as code), and GFM or directive features parsed differently here (single
 * `~`, autolink literals, footnotes, reference definitions, text and leaf directives). A differential test
 * (tests/unit/content/markdown-fast-parse.test.ts) holds both parsers to the same output on real pages.
 */
export function parseMarkdownOnly(body: string): Root | undefined {
  // Carriage returns stay in micromark's text but not in markdown-it's; footnotes take the MDX parser.
  if (body.includes('\r') || body.includes('\0') || body.includes('[^')) return undefined;
  const lines = body.split('\n');
  const env: Env = { links: new Map(), lines };
  try {
    const tokens = md.parse(body, env as never);
    if (env.references && Object.keys(env.references).length > 0) return undefined;
    return toMdast(tokens, env);
  } catch (err) {
    if (err === BAIL) return undefined;
    throw err;
  }
}

interface Env {
  /** markdown-it fills this with the reference definitions it read. */
  references?: Record<string, unknown>;
  /** Where each link and image starts and ends in its inline source, for the link check's line and column. */
  links: Map<Token, { start: number; end: number }>;
  lines: string[];
}

function leadingColumns(line: string): number {
  let columns = 0;
  for (const ch of line) {
    if (ch === ' ') columns++;
    else if (ch === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

/** Thrown from inside markdown-it rules: the file uses something only the MDX parser reads right. */
const BAIL = Symbol('markdown-only parse gave up');
const bail = (): never => {
  throw BAIL;
};

/**
 * Text that MDX reads as syntax (JSX, expressions), or GFM/directive syntax this parser does not mirror. A text
 * directive's name is any character but whitespace and punctuation after `:` (so `4.5:1` has one).
 */
const MDX_OR_UNMIRRORED = /[<{}~@]|:[^\s\p{P}\p{S}]|::|www\.|:\/\//iu;
const INDENTED_FENCE = /^[ \t]+(?:`{3,}|~{3,})[ \t]*$/m;
const CLOSING_FENCE = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/;
const TASK_MARKER = /^\[[ \t\nxX]\]/;
const ESM_LINE = /^[ \t]*(?:import|export)[ \t]/m;
const DIRECTIVE_OPEN = /^(:{3,})([A-Za-z][\w-]*)(?:\[([^[\]\\]*)\])?[ \t]*$/;
const ADMONITIONS = new Set<string>(ADMONITION_TYPES);

const md = createParser();

function createParser(): MarkdownIt {
  // Deeper nesting than maxNesting silently turns into text; trees that deep are left to micromark (see `open`).
  const options = { html: false, linkify: false, typographer: false, maxNesting: 200 };
  const parser = new MarkdownIt('commonmark', options as Options);
  parser.enable(['table', 'strikethrough']);
  // MDX has no indented code and no autolinks (`<` starts JSX); text stays in pieces so escapes can be told apart.
  parser.disable(['code', 'autolink', 'html_block', 'html_inline', 'text_join']);
  // Keep URLs as written: the link check and mdast-util-to-hast normalise them later, as for MDX files.
  parser.validateLink = () => true;
  parser.normalizeLink = (url) => url;
  parser.normalizeLinkText = (url) => url;
  parser.block.ruler.before('fence', 'portal_directive', containerDirective);
  // Paragraphs and setext headings run over several lines. One indented four or more is text here but, with no
  // indented code in MDX, maybe a heading, list or fence there; so is a lazy line indented four or more.
  for (const name of ['lheading', 'paragraph'] as const) {
    const rule = ruleNamed(parser.block.ruler, name);
    parser.block.ruler.at(name, (state, startLine, endLine, silent) => {
      const ok = rule(state, startLine, endLine, silent);
      if (ok) {
        const lines = (state.env as unknown as Env).lines;
        for (let line = startLine; line < state.line; line++) {
          const indent = state.sCount[line] as number;
          // Blockquotes mark their lazy lines -1: those are measured from the start of the line.
          if (indent - state.blkIndent >= 4 || (indent < state.blkIndent && leadingColumns(lines[line] ?? '') >= 4))
            bail();
        }
      }
      return ok;
    });
  }
  for (const name of ['link', 'image'] as const) {
    const rule = ruleNamed(parser.inline.ruler, name) as InlineRule;
    parser.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      const count = state.tokens.length;
      const ok = rule(state, silent);
      if (ok && !silent) {
        const token = state.tokens.slice(count).find((t) => t.type === 'link_open' || t.type === 'image');
        if (token) (state.env as unknown as Env).links.set(token, { start, end: state.pos });
      }
      return ok;
    });
  }
  return parser;
}

function ruleNamed<T>(ruler: { getRules(chain: string): T[] }, name: string): T {
  // By the name it was registered under: a function's own name does not survive bundling, which may rename it.
  const rules = (ruler as unknown as { __rules__?: Array<{ name: string; fn: T }> }).__rules__;
  const rule = rules?.find((r) => r.name === name)?.fn;
  if (!rule) throw new Error(`markdown-it has no rule named ${name}`);
  return rule;
}

/** `:::note[Title]` … `:::` admonitions, read as micromark-extension-directive reads container directives. */
function containerDirective(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (line: number) =>
    state.src.slice((state.bMarks[line] as number) + (state.tShift[line] as number), state.eMarks[line]);
  if (state.src.charCodeAt((state.bMarks[startLine] as number) + (state.tShift[startLine] as number)) !== 0x3a /* : */)
    return false;
  const open = DIRECTIVE_OPEN.exec(lineText(startLine));
  if (!open) return false;
  // Indented fences, other directive names and unclosed containers are left to the MDX parser.
  if ((state.sCount[startLine] as number) > state.blkIndent || !ADMONITIONS.has(open[2] as string)) bail();
  const closing = new RegExp(`^:{${(open[1] as string).length},}[ \\t]*$`);
  let close = startLine + 1;
  for (; close < endLine; close++) {
    if (state.isEmpty(close)) continue;
    if ((state.sCount[close] as number) < state.blkIndent) bail();
    if (closing.test(lineText(close))) break;
  }
  if (close >= endLine) bail();
  if (silent) return true;
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  const openToken = state.push('portal_directive_open', 'aside', 1);
  openToken.info = open[2] as string;
  openToken.map = [startLine, close + 1];
  if (open[3] !== undefined) {
    const labelOpen = state.push('paragraph_open', 'p', 1);
    labelOpen.meta = { directiveLabel: true };
    const inline = state.push('inline', '', 0);
    inline.content = open[3];
    inline.map = [startLine, startLine + 1];
    inline.children = [];
    state.push('paragraph_close', 'p', -1);
  }
  state.parentType = 'portal_directive' as never;
  state.lineMax = close;
  state.md.block.tokenize(state, startLine + 1, close);
  state.push('portal_directive_close', 'aside', -1);
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = close + 1;
  return true;
}

/** markdown-it's token stream to mdast, block by block. */
function toMdast(tokens: Token[], env: Env): Root {
  const { lines } = env;
  const root: Root = { type: 'root', children: [] };
  const stack: Parent[] = [root];
  const top = () => stack[stack.length - 1] as Parent;
  const open = (node: Parent) => {
    (top().children as RootContent[]).push(node as RootContent);
    stack.push(node);
    if (stack.length > 128) bail();
  };
  const cursor = new Map<number, number>();
  const itemLines = new Map<Parent, number | undefined>();
  let rowLine = 0;
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open': {
        const parent = top();
        // markdown-it hides the paragraphs of tight lists; a visible one in an item makes the list loose.
        if (parent.type === 'listItem' && !token.hidden) (stack[stack.length - 2] as List).spread = true;
        open({
          type: 'paragraph',
          children: [],
          ...((token.meta as { directiveLabel?: boolean } | null)?.directiveLabel
            ? { data: { directiveLabel: true } as never }
            : {}),
        } as Parent);
        break;
      }
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as 1, children: [] } as Parent);
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] } as Parent);
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        open({
          type: 'list',
          ordered: token.type === 'ordered_list_open',
          start: token.type === 'ordered_list_open' ? Number(token.attrGet('start') ?? 1) : null,
          spread: false,
          children: [],
        } as List);
        break;
      case 'list_item_open': {
        const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [] };
        itemLines.set(item, token.map?.[0]);
        open(item as Parent);
        break;
      }
      case 'table_open': {
        // Right below a list with no blank line between, micromark keeps the rows in the list's lazy text where
        // markdown-it starts a table (found by the property test: a list item ending in a table, then a table).
        const above = lines[(token.map?.[0] ?? 0) - 1] ?? '';
        if (top() === root && /^(\s+\S|\s*([-+*]|\d+[.)])(\s|$))/.test(above)) bail();
        open({ type: 'table', align: [], children: [] } as Table);
        break;
      }
      case 'tr_open': {
        rowLine = token.map?.[0] ?? rowLine;
        // An import or export line right below a table is ESM to micromark, which ends the table there; markdown-it
        // reads it as one more row (found by the property test).
        if (ESM_LINE.test(lines[rowLine] ?? '')) bail();
        // markdown-it drops cells past the header's count; micromark keeps them in mdast (their links get checked).
        const columns = (top() as Table).align?.length ?? 0;
        if (columns > 0 && rowCells(lines[rowLine] ?? '') > columns) bail();
        open({ type: 'tableRow', children: [] } as Parent);
        break;
      }
      case 'th_open':
      case 'td_open': {
        const table = stack[stack.length - 2] as Table;
        if (token.type === 'th_open') (table.align as AlignType[]).push(alignOf(attr(token, 'style')));
        open({ type: 'tableCell', children: [] } as Parent);
        break;
      }
      case 'portal_directive_open':
        open({ type: 'containerDirective', name: token.info, attributes: {}, children: [] } as unknown as Parent);
        break;
      case 'paragraph_close':
      case 'heading_close':
      case 'blockquote_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
      case 'table_close':
      case 'portal_directive_close':
        stack.pop();
        break;
      case 'list_item_close': {
        const item = stack.pop() as ListItem;
        taskListItem(item);
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const list = stack.pop() as List;
        for (const item of list.children) item.spread = list.spread ?? false;
        break;
      }
      case 'thead_open':
      case 'thead_close':
      case 'tbody_open':
      case 'tbody_close':
        break;
      case 'hr':
        top().children.push({ type: 'thematicBreak' } as never);
        break;
      case 'fence': {
        // MDX closes a fence even with an indented closing line; markdown-it keeps such a line as code.
        if (INDENTED_FENCE.test(token.content)) bail();
        // An unclosed fence ends differently (trailing blank lines) in the two parsers.
        const [first = 0, end = 0] = token.map ?? [];
        const closer = CLOSING_FENCE.exec(lines[end - 1] ?? '');
        if (
          end - 1 <= first ||
          !closer ||
          closer[1]?.[0] !== token.markup[0] ||
          (closer[1]?.length ?? 0) < token.markup.length
        )
          bail();
        const info = token.info.trim();
        const lang = info.split(/[ \t]/, 1)[0] ?? '';
        const meta = info.slice(lang.length).trim();
        top().children.push({
          type: 'code',
          lang: lang || null,
          meta: meta || null,
          value: token.content.replace(/\n$/, ''),
        } as never);
        break;
      }
      case 'inline': {
        const parent = top();
        if (parent.type === 'paragraph' && ESM_LINE.test(token.content)) bail();
        // GFM reads `[ ]` as a task only on the item's first line.
        const item = stack[stack.length - 2];
        if (
          item?.type === 'listItem' &&
          item.children[0] === parent &&
          token.map?.[0] !== itemLines.get(item) &&
          TASK_MARKER.test(token.content)
        )
          bail();
        const line = token.map?.[0] ?? rowLine;
        const where = (t: Token) => {
          const span = env.links.get(t);
          if (!span) return bail();
          const lineIndex = line + countNewlines(token.content, span.start);
          const raw = token.content.slice(span.start, span.end).split('\n', 1)[0] as string;
          const text = lines[lineIndex] ?? '';
          const column = text.indexOf(raw, cursor.get(lineIndex) ?? 0);
          if (column < 0) bail();
          cursor.set(lineIndex, column + 1);
          return { start: { line: lineIndex + 1, column: column + 1 } };
        };
        parent.children.push(...(inlineToMdast(token.children ?? [], where) as never[]));
        break;
      }
      default:
        bail();
    }
  }
  return root;
}

const attr = (token: Token, name: string): string | null => {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
};

const alignOf = (style: string | null): AlignType => {
  const match = /text-align:(left|right|center)/.exec(style ?? '');
  return match ? (match[1] as AlignType) : null;
};

/** Cells a table row's line holds at most: its unescaped pipes, minus the optional outer ones. */
const rowCells = (line: string): number => {
  const trimmed = line.trim().replace(/^>[ \t>]*/, '');
  const pipes = trimmed.match(/(?<!\\)\|/g)?.length ?? 0;
  return pipes + 1 - (trimmed.startsWith('|') ? 1 : 0) - (/(?<!\\)\|$/.test(trimmed) ? 1 : 0);
};

const countNewlines = (text: string, end: number): number => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** GFM task list items: `[ ]` or `[x]` opening an item's first paragraph, as mdast-util-gfm-task-list-item reads them. */
function taskListItem(item: ListItem): void {
  const first = item.children[0];
  if (first?.type !== 'paragraph') return;
  const head = first.children[0];
  if (head?.type !== 'text' || !head.value.startsWith('[')) return;
  const match = /^\[([ xX])\](?:[ \t]+\S|\n)/.exec(head.value);
  if (!match) {
    // `[\t]`, `[ ]` at the end of the paragraph and the like: leave the edge cases to micromark.
    if (TASK_MARKER.test(head.value)) bail();
    return;
  }
  item.checked = match[1] !== ' ';
  head.value = head.value.slice(4);
  if (head.value.length === 0) first.children.shift();
}

/** Inline tokens to phrasing content; consecutive text, escapes, entities and soft breaks make one text node. */
function inlineToMdast(
  tokens: Token[],
  where: (t: Token) => { start: { line: number; column: number } },
): PhrasingContent[] {
  const root = { children: [] as PhrasingContent[] };
  const stack: Array<{ children: PhrasingContent[] }> = [root];
  const top = () => stack[stack.length - 1] as { children: PhrasingContent[] };
  const text = (value: string) => {
    if (value === '') return;
    const siblings = top().children;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text') (last as Text).value += value;
    else siblings.push({ type: 'text', value });
  };
  const open = (node: PhrasingContent & { children: PhrasingContent[] }) => {
    top().children.push(node);
    stack.push(node);
    if (stack.length > 100) bail();
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        if (MDX_OR_UNMIRRORED.test(token.content)) bail();
        text(token.content);
        break;
      case 'text_special':
        text(token.content);
        break;
      case 'softbreak':
        text('\n');
        break;
      case 'hardbreak':
        top().children.push({ type: 'break' });
        break;
      case 'code_inline':
        top().children.push({ type: 'inlineCode', value: token.content });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        open({
          type: 'link',
          url: attr(token, 'href') ?? '',
          title: attr(token, 'title'),
          children: [],
          position: where(token) as never,
        });
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image':
        top().children.push({
          type: 'image',
          url: attr(token, 'src') ?? '',
          title: attr(token, 'title'),
          alt: altText(token.children ?? []),
          position: where(token) as never,
        });
        break;
      default:
        bail();
    }
  }
  return root.children;
}

/** An image's alt as mdast-util-to-string gives it from the label: the text, without markup. */
function altText(tokens: Token[]): string {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'text') {
      if (MDX_OR_UNMIRRORED.test(token.content)) bail();
      out += token.content;
    } else if (token.type === 'text_special' || token.type === 'code_inline') out += token.content;
    else if (token.type === 'softbreak') out += '\n';
    else if (token.type === 'image' || token.type === 'link_open' || token.type === 'hardbreak') bail();
  }
  return out;
}
