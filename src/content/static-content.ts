import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { find, html } from 'property-information';
import styleToJs from 'style-to-js';
import { walk, type WalkNode } from './plugins/walk.js';
import type { StaticNode } from '../../templates/shared/static-node.js';

/**
 * Most docs are Markdown written in .mdx files: no JSX, no import/export, no `{expressions}`. For those the
 * MDX compiler's last half (hast to an estree program, JSX rewriting, printing) is pure overhead: about a
 * third of the compile time. Such a page becomes data instead: a compact element tree rendered by one
 * shared template (templates/pages/static-content.tsx), which also makes route chunks smaller to bundle.
 */
const MDX_NODE_TYPES = new Set([
  'mdxjsEsm',
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'mdxFlowExpression',
  'mdxTextExpression',
]);

/** True when the tree has a construct only the full MDX compiler can turn into code. */
export function needsMdxCompiler(tree: MdastRoot): boolean {
  let found = false;
  walk(tree as WalkNode, (node) => {
    if (found || MDX_NODE_TYPES.has(node.type)) {
      found = true;
      return false;
    }
    return undefined;
  });
  return found;
}

// React drops whitespace text inside table sections and warns about it; MDX removes it too.
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/** hast to the compact tree: strings for text, `[tag, props | 0, ...children]` for elements, with React prop names. */
export function toStaticTree(tree: HastRoot): StaticNode[] {
  const nodes: StaticNode[] = [];
  for (const child of tree.children) convertInto(nodes, child as ElementContent, false);
  return nodes;
}

/**
 * Appends `node` in its compact form to `nodes`: a flatMap of one-element arrays per node was most of this step for
 * the thousands of tokens of highlighted code.
 */
function convertInto(nodes: StaticNode[], node: ElementContent, inTable: boolean): void {
  if (node.type === 'text') {
    if (!inTable || !/^\s*$/.test(node.value)) nodes.push(node.value);
    return;
  }
  if (node.type !== 'element') return;
  const children: StaticNode[] = [];
  const table = TABLE_PARTS.has(node.tagName);
  for (const child of node.children) convertInto(children, child, table);
  nodes.push([node.tagName, reactProps(node) ?? 0, ...children]);
}

const reactNames = new Map<string, { name: string; commaSeparated: boolean }>();

/** The React prop name of a hast property, looked up once per name (a handful of names recur on every page). */
function reactName(key: string): { name: string; commaSeparated: boolean } {
  let known = reactNames.get(key);
  if (!known) {
    const info = find(html, key);
    // React spells data-* and aria-* attributes as in HTML, everything else as the DOM property.
    known = {
      name: /^(data|aria)[A-Z]/.test(info.property) ? info.attribute : info.property,
      commaSeparated: info.commaSeparated,
    };
    reactNames.set(key, known);
  }
  return known;
}

function reactProps(node: Element): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(node.properties)) {
    if (value === undefined || value === null || value === false || (typeof value === 'number' && Number.isNaN(value)))
      continue;
    const info = reactName(key);
    const name = info.name;
    let v: unknown = value;
    if (Array.isArray(value)) v = value.join(info.commaSeparated ? ', ' : ' ');
    if (name === 'style' && typeof v === 'string') v = styleToJs(v);
    out[name] = v;
    any = true;
  }
  // Table cells carry GFM alignment as the obsolete `align` attribute; MDX renders it as CSS, and so do we.
  if (typeof out.align === 'string' && (node.tagName === 'td' || node.tagName === 'th')) {
    out.style = { ...(out.style as object | undefined), textAlign: out.align };
    delete out.align;
  }
  return any ? out : undefined;
}
