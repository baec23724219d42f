import type { Root, Element } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { refractor } from 'refractor';
import { highlightToHast, prismLanguage } from '../prism.js';
import { walk, type WalkNode } from './walk.js';

function parseMeta(meta: string): { title?: string; words: string[] } {
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const rest = meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, '');
  return {
    ...(title ? { title: title[1] ?? title[2] ?? title[3] ?? '' } : {}),
    words: rest.split(/\s+/).filter(Boolean),
  };
}

/**
 * Highlights fenced code at build time with Prism grammars (through refractor), so no highlighter ships to
 * the browser. Wraps each block in `div.code-block` with its language, an optional title, and room for the
 * copy button the shell adds.
 */
export function rehypeHighlight() {
  return (tree: Root) => {
    walk(tree as WalkNode, (walked, index, parentNode) => {
      if (walked.type !== 'element') return;
      const node = walked as unknown as Element;
      const parent = parentNode as unknown as Root;
      if (node.tagName !== 'pre') return;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code') return;
      const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
      const written = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const lang = written && prismLanguage(written);
      const text = hastToString(code).replace(/\n$/, '');
      const meta = parseMeta(String((code.data as { meta?: string } | undefined)?.meta ?? ''));
      if (lang && refractor.registered(lang)) {
        code.children = highlightToHast(text, lang);
      } else {
        code.children = [{ type: 'text', value: text }];
      }
      node.properties = { ...node.properties, className: ['code', ...(lang ? [`language-${lang}`] : [])], tabIndex: 0 };
      const title = meta.title ?? (meta.words.includes('output') ? 'Output' : undefined);
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLanguage: written || undefined },
        children: [
          ...(title
            ? [
                {
                  type: 'element',
                  tagName: 'div',
                  properties: { className: ['code-title'] },
                  children: [{ type: 'text', value: title }],
                } as Element,
              ]
            : []),
          node,
        ],
      };
      parent.children[index] = wrapper;
    });
  };
}
