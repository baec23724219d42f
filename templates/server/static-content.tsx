import { type ComponentProps, createElement } from 'react';
import { staticContent } from '../pages/static-content.tsx';
import type { StaticNode } from '../shared/static-node.ts';

type StaticContent = ReturnType<typeof staticContent>;

/**
 * staticContent (templates/pages/static-content.tsx) as the server bundle has it (src/bundle/server.ts): the tree
 * is parsed when its page is first rendered, not when the bundle is loaded. A thread renders its share of the pages
 * only, and `serve` answers its first page before the others are rendered; parsing every tree at load took 120-210 ms
 * of each thread that loads the bundle of a 1,000-page site. A module of its own, built on the client's staticContent
 * as it is: the client's chunks stay the same, byte for byte.
 */
export function lazyStaticContent(tree: () => StaticNode[]): StaticContent {
  let made: StaticContent | undefined;
  const content = (): StaticContent => {
    made ??= staticContent(tree());
    return made;
  };
  // ContentSlot renders a page's nodes directly; rendered as a component, it is the same body.
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page module, at its top level, not during render
  function LazyStaticContent(props: ComponentProps<StaticContent>) {
    return createElement(content(), props);
  }
  return Object.defineProperty(LazyStaticContent, 'nodes', {
    get: () => content().nodes,
    enumerable: true,
  }) as unknown as StaticContent;
}
