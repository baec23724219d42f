import type { ElementContent, RootContent } from 'hast';
import { refractor } from 'refractor';
import http from 'refractor/http';
import type { SafeHtml } from '../../templates/api/model.js';

/** Names used by code samples and Markdown fences that Prism knows under another name. */
const ALIASES: Record<string, string> = { curl: 'bash', shell: 'bash', sh: 'bash', console: 'bash', js: 'javascript', node: 'javascript', py: 'python', yml: 'yaml', xml: 'markup', html: 'markup' };

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeHtml = (s: string): string => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Prism's token tree as HTML: only spans with token classes, and escaped text. */
function toHtml(nodes: ReadonlyArray<RootContent | ElementContent>): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return escapeHtml(node.value);
      if (node.type !== 'element') return '';
      const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String).filter((c) => /^[\w-]+$/.test(c)) : [];
      return `<span class="${classes.join(' ')}">${toHtml(node.children)}</span>`;
    })
    .join('');
}

/**
 * Code highlighted at build time with the Prism grammars the docs use (refractor), so no highlighter ships
 * to the browser; unknown languages come back escaped and plain.
 */
export function highlightCode(code: string, lang: string): SafeHtml {
  if (!refractor.registered('http')) refractor.register(http);
  const grammar = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  if (!refractor.registered(grammar)) return { __html: escapeHtml(code) };
  return { __html: toHtml(refractor.highlight(code, grammar).children) };
}

/** Highlights the fenced code blocks of rendered Markdown (`<pre><code class="language-x">`). */
export function highlightFences(html: SafeHtml): SafeHtml {
  if (!html.__html.includes('<pre><code class="language-')) return html;
  return {
    __html: html.__html.replace(/<pre><code class="language-([\w+-]+)">([\s\S]*?)<\/code><\/pre>/g, (_m, lang: string, body: string) => {
      const code = unescapeHtml(body);
      return `<div class="code-block"><pre><code class="language-${lang}">${highlightCode(code.replace(/\n$/, ''), lang).__html}</code></pre></div>`;
    }),
  };
}
