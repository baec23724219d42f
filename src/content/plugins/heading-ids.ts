import type { Root as HastRoot, Element } from 'hast';
import type { Root as MdastRoot, Heading, Text } from 'mdast';
import GithubSlugger from 'github-slugger';
import { toString as hastToString } from 'hast-util-to-string';
import { capName } from '../../routes/slug.js';
import { walk, type WalkNode } from './walk.js';
import { editProse } from '../fenced-lines.js';

export interface Heading2 {
  depth: number;
  id: string;
  text: string;
}

/** `## Title {#custom}` was escaped to `\{#custom\}` before parsing; here it becomes the heading's id. */
export function remarkExplicitIds() {
  return (tree: MdastRoot) => {
    walk(tree as WalkNode, (walked) => {
      if (walked.type !== 'heading') return;
      const node = walked as unknown as Heading;
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') return;
      const match = /\s*\{#([\w.:-]+)\}\s*$/.exec((last as Text).value);
      if (!match) return;
      (last as Text).value = (last as Text).value.slice(0, match.index);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: match[1] } };
    });
  };
}

/**
 * Escapes `{#id}` at the end of ATX headings so the MDX parser does not read it as an expression. Not inside code
 * blocks: a sample heading there (the tutorial's) showed its braces escaped.
 */
export function escapeExplicitIds(source: string): string {
  return editProse(source, (line) => line.replace(/^(#{1,6}[ \t].*?)\{#([\w.:-]+)\}[ \t]*$/, '$1\\{#$2\\}'));
}

/** Gives every h1–h6 a GitHub-style id and reports the headings, for the TOC and the anchor check. */
export function rehypeHeadingIds(options: { out: Heading2[] }) {
  return (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    walk(tree as WalkNode, (walked) => {
      if (walked.type !== 'element') return;
      const node = walked as unknown as Element;
      const match = /^h([1-6])$/.exec(node.tagName);
      if (!match) return;
      const text = hastToString(node).trim();
      const explicit = node.properties.id;
      const id = typeof explicit === 'string' && explicit ? explicit : capName(slugger.slug(text));
      if (typeof explicit === 'string') slugger.slug(explicit);
      node.properties.id = id;
      options.out.push({ depth: Number(match[1]), id, text });
      if (Number(match[1]) > 1) {
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: `Direct link to ${text}` },
          children: [{ type: 'text', value: '#' }],
        });
      }
    });
  };
}
