/** The least a tree node needs to be walked: mdast and hast nodes both fit. */
export interface WalkNode {
  type: string;
  children?: WalkNode[];
}

/**
 * What a visitor returns: nothing to go on, `false` to skip the node's children, or an index of the parent's
 * children to continue at (after the visitor replaced nodes there).
 */
export type WalkResult = undefined | false | number;

/**
 * Depth-first walk over the descendants of `tree`, parents before children. unist-util-visit does the same with a
 * closure per node; with six walks per page that was a fifth of a Markdown page's compile time.
 */
export function walk<N extends WalkNode>(tree: N, visitor: (node: N, index: number, parent: N) => WalkResult): void {
  const children = tree.children as N[] | undefined;
  if (!children) return;
  let index = 0;
  while (index < children.length) {
    const node = children[index] as N;
    const result = visitor(node, index, tree);
    if (typeof result === 'number') {
      index = result;
      continue;
    }
    if (result !== false && node.children) walk(node, visitor);
    index++;
  }
}
