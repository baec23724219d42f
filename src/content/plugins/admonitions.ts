import type { Root, Paragraph, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { editProse } from '../fenced-lines.js';
import { ADMONITIONS, admonitionOf } from '../../../templates/shared/admonitions.js';
import { walk, type WalkNode } from './walk.js';

export const ADMONITION_TYPES = Object.keys(ADMONITIONS);

/**
 * Docusaurus's older title form, `:::tip Faster builds`, as the directive form `:::tip[Faster builds]`, on each prose
 * line (not in code blocks): the directive syntax reads no text after the name, so such a block showed its `:::`
 * lines as text. Same line, so every position the compiler reports stays where the author wrote it.
 */
export function legacyAdmonitionTitles(source: string): string {
  return editProse(source, (line) =>
    line.replace(LEGACY_TITLE, (_m, open: string, title: string) => `${open}[${title.replace(/[[\]\\]/g, '\\$&')}]`),
  );
}

const LEGACY_TITLE = new RegExp(`^([ \\t]*:::(?:${ADMONITION_TYPES.join('|')}))[ \\t]+(\\S.*?)[ \\t]*$`);

/**
 * `:::note[Title]` blocks become `<aside class="admonition admonition-note">`. Any other directive is put
 * back as the text it was written as, since `key:value` in prose must not vanish.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    walk(tree as WalkNode, (walked, index, parentNode) => {
      const node = walked as Root['children'][number] | TextDirective;
      const parent = parentNode as Root;
      const admonition = node.type === 'containerDirective' ? admonitionOf(node.name) : undefined;
      if (admonition) {
        const directive = node as ContainerDirective;
        const first = directive.children[0];
        let titleChildren: Paragraph['children'] = [{ type: 'text', value: admonition.title }];
        if (
          first &&
          first.type === 'paragraph' &&
          (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
        ) {
          titleChildren = first.children;
          directive.children.shift();
        }
        directive.data = {
          hName: 'aside',
          hProperties: { className: ['admonition', `admonition-${admonition.style}`], role: 'note' },
        };
        directive.children.unshift({
          type: 'paragraph',
          data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
          children: titleChildren,
        } as Paragraph);
        return;
      }
      if (
        (node.type === 'textDirective' || node.type === 'leafDirective' || node.type === 'containerDirective') &&
        parent &&
        index !== undefined
      ) {
        const d = node as TextDirective | LeafDirective | ContainerDirective;
        const marker = d.type === 'textDirective' ? ':' : d.type === 'leafDirective' ? '::' : ':::';
        const restored: Text = { type: 'text', value: `${marker}${d.name}` };
        if (d.type === 'textDirective') {
          parent.children.splice(index, 1, restored as never, ...(d.children as never[]));
        } else {
          parent.children.splice(
            index,
            1,
            { type: 'paragraph', children: [restored] } as never,
            ...(d.children as never[]),
          );
        }
        return index;
      }
      return undefined;
    });
  };
}
