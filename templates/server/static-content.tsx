import { type ComponentProps, createElement } from 'react';
import { staticContent } from '../pages/static-content.tsx';
import type { StaticNode } from '../shared/static-node.ts';

type StaticContent = ReturnType<typeof staticContent>;

/**
 * The trees of Markdown-only pages, by id, as the server bundle's loader hands them over (src/bundle/server.ts,
 * src/render/render-worker.ts): JSON string literals, as compiled. They stay out of the bundle, which esbuild then
 * makes and Node loads much faster for a large site (serverStaticContentModule).
 */
const trees = new Map<string, string>();

export function registerStaticTrees(literals: Readonly<Record<string, string>>): void {
  for (const [id, literal] of Object.entries(literals)) trees.set(id, literal);
}

/**
 * staticContent (templates/pages/static-content.tsx) as the server bundle has it: the tree registered under `id`,
 * parsed when its page is first rendered, not when the bundle is loaded (a thread renders its share of the pages
 * only, and `serve` answers its first page before the others are rendered). Built on the client's staticContent
 * as it is, in a module of its own: the client's chunks stay the same, byte for byte.
 */
export function staticContentFrom(id: string): StaticContent {
  let made: StaticContent | undefined;
  const content = (): StaticContent => {
    if (!made) {
      const literal = trees.get(id);
      if (literal === undefined) throw new Error(`the server bundle was loaded without the tree of ${id}`);
      made = staticContent(JSON.parse(JSON.parse(literal) as string) as StaticNode[]);
    }
    return made;
  };
  // ContentSlot renders a page's nodes directly; rendered as a component, it is the same body.
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page module, at its top level, not during render
  function StaticContentFrom(props: ComponentProps<StaticContent>) {
    return createElement(content(), props);
  }
  return Object.defineProperty(StaticContentFrom, 'nodes', {
    get: () => content().nodes,
    enumerable: true,
  }) as unknown as StaticContent;
}
