import type { Root, Element, ElementContent } from 'hast';
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

/** A line that is only a comment `highlight-next-line`, `highlight-start` or `-end`, in the common comment styles. */
const MAGIC_COMMENT =
  /^[ \t]*(?:\/\/|#|--|;|<!--|\/\*|\{\/\*)[ \t]*highlight-(next-line|start|end)[ \t]*(?:-->|\*\/\}|\*\/)?[ \t]*$/;

/**
 * The lines to mark in a code block (1-based, as shown) and the code without its magic comments, as Docusaurus
 * reads them: line numbers and ranges in the fence's meta (`{1,4-6}`), and comment lines that mark the next line
 * or a range of lines, left out of the code the reader sees and copies.
 */
export function markedLines(code: string, meta: string): { code: string; lines: Set<number> } {
  const lines = new Set<number>();
  for (const [, ranges = ''] of meta.matchAll(/\{([\d,\s-]+)\}/g))
    for (const range of ranges.split(',')) {
      const [from, to = from] = range.split('-').map((n) => Number.parseInt(n, 10));
      if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)) continue;
      for (let n = from; n <= Math.min(to, from + 10_000); n++) lines.add(n);
    }
  if (!code.includes('highlight-')) return { code, lines };
  const kept: string[] = [];
  let next = false;
  let inRange = false;
  for (const line of code.split('\n')) {
    const magic = MAGIC_COMMENT.exec(line)?.[1];
    if (magic === 'next-line') next = true;
    else if (magic === 'start') inRange = true;
    else if (magic === 'end') inRange = false;
    else {
      kept.push(line);
      if (next || inRange) lines.add(kept.length);
      next = false;
    }
  }
  return { code: kept.join('\n'), lines };
}

/** The highlighted code's nodes as lines: text split at its newlines, each element around a split part cloned. */
function splitLines(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  for (const node of nodes) {
    const parts: ElementContent[][] =
      node.type === 'text'
        ? node.value.split('\n').map((value) => (value ? [{ type: 'text', value }] : []))
        : node.type === 'element'
          ? splitLines(node.children).map((children) => (children.length ? [{ ...node, children }] : []))
          : [[node]];
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      (lines[lines.length - 1] as ElementContent[]).push(...part);
    });
  }
  return lines;
}

/**
 * The code's nodes with each marked line wrapped in `span.code-line-marked`, and with numbered lines (`first`, the
 * first number) every line in `span.code-line` with its number in `data-line`, which the stylesheet shows: neither
 * selected nor copied. Newlines stay between the lines.
 */
function markLines(
  nodes: readonly ElementContent[],
  marked: ReadonlySet<number>,
  first: number | undefined,
): ElementContent[] {
  return splitLines(nodes).flatMap((line, i, all) => {
    const className = [
      ...(first !== undefined ? ['code-line'] : []),
      ...(marked.has(i + 1) ? ['code-line-marked'] : []),
    ];
    const properties = first !== undefined ? { className, dataLine: first + i } : { className };
    return [
      ...(className.length > 0 ? [{ type: 'element', tagName: 'span', properties, children: line } as Element] : line),
      ...(i < all.length - 1 ? [{ type: 'text', value: '\n' } as ElementContent] : []),
    ];
  });
}

/** `showLineNumbers` in the fence's meta, as Docusaurus writes it, optionally with the first number: `showLineNumbers=5`. */
function firstLineNumber(words: readonly string[]): number | undefined {
  const word = words.find((w) => /^showLineNumbers(?:=\d+)?$/.test(w));
  return word === undefined ? undefined : Number(word.split('=')[1] ?? 1);
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
      const rawMeta = String((code.data as { meta?: string } | undefined)?.meta ?? '');
      const meta = parseMeta(rawMeta);
      const { code: text, lines } = markedLines(hastToString(code).replace(/\n$/, ''), rawMeta);
      const highlighted: ElementContent[] =
        lang && refractor.registered(lang) ? highlightToHast(text, lang) : [{ type: 'text', value: text }];
      const first = firstLineNumber(meta.words);
      code.children = lines.size > 0 || first !== undefined ? markLines(highlighted, lines, first) : highlighted;
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
