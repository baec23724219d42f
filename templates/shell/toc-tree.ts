import type { TocItem } from '../shared/types.ts';

export interface TocNode extends TocItem {
  children: TocNode[];
}

/** Nests the page's flat heading list (already limited to the configured levels by the build). */
export function buildTocTree(items: readonly TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { ...item, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1] as TocNode).depth >= item.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/**
 * The heading to highlight: the first one at or below `offset` if it sits in the top half of the view,
 * else the one before it; past the last heading, the last one. `tops` are viewport-relative.
 */
export function pickActiveHeading(
  tops: ReadonlyArray<{ id: string; top: number }>,
  offset: number,
  viewportHeight: number,
): string | null {
  const nextIndex = tops.findIndex((h) => h.top >= offset);
  if (nextIndex === -1) return tops[tops.length - 1]?.id ?? null;
  const next = tops[nextIndex] as { id: string; top: number };
  if (next.top < viewportHeight / 2) return next.id;
  return tops[nextIndex - 1]?.id ?? null;
}
