import { refractor } from 'refractor';
import http from 'refractor/http';
import type { SafeHtml } from '../../templates/shared/api-model.js';
import { decodeEntities } from '../html-entities.js';
import { highlightToHtml } from '../content/prism.js';

/**
 * Code highlighted at build time with the Prism grammars the docs use (refractor), so no highlighter ships
 * to the browser; unknown languages come back escaped and plain.
 */
export function highlightCode(code: string, lang: string): SafeHtml {
  if (!refractor.registered('http')) refractor.register(http);
  return { __html: highlightToHtml(code, lang) };
}

/** Highlights the fenced code blocks of rendered Markdown (`<pre><code class="language-x">`). */
export function highlightFences(html: SafeHtml): SafeHtml {
  if (!html.__html.includes('<pre><code class="language-')) return html;
  return {
    __html: html.__html.replace(
      /<pre><code class="language-([\w+-]+)">([\s\S]*?)<\/code><\/pre>/g,
      (_m, lang: string, body: string) => {
        const code = decodeEntities(body);
        return `<div class="code-block"><pre><code class="language-${lang}">${highlightCode(code.replace(/\n$/, ''), lang).__html}</code></pre></div>`;
      },
    ),
  };
}
