import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

export interface SourceLink {
  url: string;
  line?: number | undefined;
  column?: number | undefined;
  kind: 'link' | 'image';
}

/** Records every Markdown link, definition and image with its position, for the link check. */
export function remarkCollectLinks(options: { out: SourceLink[] }) {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
        options.out.push({
          url: node.url,
          line: node.position?.start.line,
          column: node.position?.start.column,
          kind: node.type === 'image' ? 'image' : 'link',
        });
      }
    });
  };
}
