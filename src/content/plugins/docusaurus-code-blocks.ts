import type { Code, Root, RootContent } from 'mdast';
import { walk, type WalkNode } from './walk.js';

/** The parts of the MDX tree this reads (mdast-util-mdx-jsx and -expression, with their estree). */
interface EstreeNode {
  type: string;
  value?: unknown;
  expressions?: unknown[];
  quasis?: Array<{ value: { cooked?: string | null }; start?: number; end?: number }>;
  expression?: EstreeNode;
  source?: { value?: unknown };
  specifiers?: Array<{ type: string; local: { name: string } }>;
  body?: EstreeNode[];
}
interface MdxNode extends WalkNode {
  name?: string | null;
  value?: unknown;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  data?: { estree?: EstreeNode | null };
  children?: MdxNode[];
}

const CODE_BLOCK = '@theme/CodeBlock';

/**
 * Docusaurus's `<CodeBlock language="jsx" title="App.js" showLineNumbers>{`…`}</CodeBlock>` (`@theme/CodeBlock`) as the
 * fenced block it stands for, so it is highlighted at build time like every other (plugins/highlight.ts): no
 * highlighter ships to the browser. Only what can be read without running the page is turned: text or a string
 * with no `${…}` as the code, attributes given as literals. Anything else (`{code}` from a variable) stays the
 * component, which shows the code unhighlighted (templates/docusaurus/CodeBlock.tsx).
 */
export function remarkDocusaurusCodeBlocks({ source }: { source: string }) {
  return (tree: Root) => {
    const names = importedNames(tree as unknown as MdxNode);
    if (names.size === 0) return;
    walk(tree as unknown as MdxNode, (node, index, parent) => {
      const element =
        node.type === 'mdxJsxFlowElement'
          ? node
          : node.type === 'paragraph' && parent.type !== 'mdxJsxTextElement'
            ? onlyElement(node)
            : undefined;
      if (!element || !names.has(element.name ?? '')) return undefined;
      const code = asFence(element, source);
      if (!code) return undefined;
      (parent.children as unknown as RootContent[])[index] = {
        ...code,
        ...((node as { position?: Code['position'] }).position ? { position: (node as Code).position } : {}),
      };
      return false;
    });
  };
}

/** The local names `@theme/CodeBlock` is imported under (`import CodeBlock from '@theme/CodeBlock'`). */
function importedNames(tree: MdxNode): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || statement.source?.value !== CODE_BLOCK) continue;
      for (const s of statement.specifiers ?? []) if (s.type === 'ImportDefaultSpecifier') names.add(s.local.name);
    }
  }
  return names;
}

/** A paragraph that holds one inline JSX element and nothing else but spaces: `<CodeBlock>npm i</CodeBlock>`. */
function onlyElement(paragraph: MdxNode): MdxNode | undefined {
  const kids = (paragraph.children ?? []).filter((k) => !(k.type === 'text' && String(k.value).trim() === ''));
  return kids.length === 1 && kids[0]?.type === 'mdxJsxTextElement' ? kids[0] : undefined;
}

/**
 * The literal value of an expression: a string, a template with nothing interpolated, a number or a boolean. A
 * template's text is read from the source: MDX's parse drops up to two spaces of each line's indentation inside a
 * JSX element, which in code would change it.
 */
function literal(expression: EstreeNode | undefined, source: string): string | number | boolean | undefined {
  if (!expression) return undefined;
  if (expression.type === 'Literal') {
    const v = expression.value;
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
  }
  if (expression.type !== 'TemplateLiteral' || expression.expressions?.length !== 0) return undefined;
  const quasi = expression.quasis?.[0];
  const { start, end } = quasi ?? {};
  if (start !== undefined && end !== undefined && source[start - 1] === '`' && source[end] === '`')
    return cookTemplate(source.slice(start, end));
  return quasi?.value.cooked ?? undefined;
}

/** A template literal's text as JavaScript reads it: line ends as `\n`, escapes resolved. */
function cookTemplate(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(
      /\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(\n)|([\s\S]))/g,
      (whole, braced, u4, x2, newline, other) => {
        const code = braced ?? u4 ?? x2;
        if (code !== undefined) {
          const point = Number.parseInt(code, 16);
          return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
        }
        if (newline !== undefined) return '';
        return ESCAPES[other as string] ?? (other as string);
      },
    );
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

const expressionOf = (node: MdxNode): EstreeNode | undefined => {
  const statement = node.data?.estree?.body?.[0];
  return statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
};

/** The element's code when it is all literal: one string expression, or text only. */
function codeOf(element: MdxNode, source: string): string | undefined {
  const kids = (element.children ?? []).filter((k) => !(k.type === 'text' && String(k.value).trim() === ''));
  if (kids.length === 0) return '';
  if (kids.length === 1 && (kids[0]?.type === 'mdxFlowExpression' || kids[0]?.type === 'mdxTextExpression')) {
    const value = literal(expressionOf(kids[0]), source);
    return typeof value === 'string' ? value : undefined;
  }
  const paragraph = kids.length === 1 && kids[0]?.type === 'paragraph' ? (kids[0].children ?? []) : kids;
  return paragraph.every((k) => k.type === 'text') ? paragraph.map((k) => String(k.value)).join('') : undefined;
}

/** The fence the element stands for, or undefined when part of it is only known by running the page. */
function asFence(element: MdxNode, source: string): Code | undefined {
  const props = new Map<string, string | number | boolean>();
  for (const attribute of element.attributes ?? []) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) return undefined;
    const raw = attribute.value;
    const value =
      raw === null || raw === undefined
        ? true
        : typeof raw === 'string'
          ? raw
          : literal(expressionOf(raw as MdxNode), source);
    if (value === undefined) return undefined;
    props.set(attribute.name, value);
  }
  const code = codeOf(element, source);
  if (code === undefined) return undefined;
  const language = props.get('language') ?? /(?:^|\s)language-(\S+)/.exec(String(props.get('className') ?? ''))?.[1];
  const title = props.has('title') ? titleMeta(String(props.get('title'))) : '';
  // A title with both kinds of quotes has no fence form: the component shows it.
  if (title === undefined) return undefined;
  const lines = props.get('showLineNumbers');
  const meta = [
    typeof props.get('metastring') === 'string' ? (props.get('metastring') as string) : '',
    title,
    lines === true ? 'showLineNumbers' : typeof lines === 'number' ? `showLineNumbers=${lines}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    type: 'code',
    lang: typeof language === 'string' && language ? language : null,
    meta: meta || null,
    // As Docusaurus shows it: without the one newline a template literal usually ends with.
    value: code.replace(/\r?\n$/, ''),
  };
}

/** `title="…"` as the fence's meta reads it (plugins/highlight.ts), in whichever quotes the title does not hold. */
function titleMeta(title: string): string | undefined {
  if (!title.includes('"')) return `title="${title}"`;
  if (!title.includes("'")) return `title='${title}'`;
  return undefined;
}
