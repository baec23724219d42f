import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';

/** A doc body compiled to data (src/content/static-content.ts): text, or `[tag, props | 0, ...children]`. */
export type StaticNode = string | [tag: string, props: Record<string, unknown> | 0, ...children: StaticNode[]];

type Components = Record<string, unknown>;

/**
 * The shared template of Markdown-only docs: turns the compact tree back into React elements, routing tags
 * through the same `components` map MDX content gets (links become client-side links).
 */
export function staticContent(nodes: StaticNode[]): ComponentType<{ components?: Components }> {
  function StaticContent({ components = {} }: { components?: Components }) {
    return createElement(Fragment, null, ...nodes.map((n) => toElement(n, components)));
  }
  return StaticContent;
}

function toElement(node: StaticNode, components: Components): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const type = (components[tag] as ComponentType | undefined) ?? tag;
  // Children passed as arguments, not an array: they are static, so React needs no keys.
  return createElement(type as string, props === 0 ? null : props, ...children.map((c) => toElement(c, components)));
}
