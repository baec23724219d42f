import { refractor } from 'refractor';
import http from 'refractor/http';
import type { SafeHtml } from '../../templates/api/model.js';
import { decodeEntities } from '../html-entities.js';

/** Names used by code samples and Markdown fences that Prism knows under another name. */
const ALIASES: Record<string, string> = { curl: 'bash', shell: 'bash', sh: 'bash', console: 'bash', js: 'javascript', node: 'javascript', py: 'python', yml: 'yaml', xml: 'markup', html: 'markup' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// Called for every token's text: most need no escaping, so test before replacing.
const escapeHtml = (s: string): string => (/[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => ESCAPES[c] as string) : s);

/** A Prism token, as refractor's Prism core makes them. */
interface PrismToken {
  type: string;
  alias?: string | readonly string[];
  content: TokenStream;
}
type TokenStream = string | PrismToken | ReadonlyArray<string | PrismToken>;
/** The parts of Prism that refractor inherits but does not type. */
interface PrismCore {
  languages: Record<string, unknown>;
  hooks: { run(name: string, env: Record<string, unknown>): void };
  tokenize(code: string, grammar: unknown): TokenStream;
}
const prism = refractor as unknown as PrismCore;

const CLASS = /^[\w-]+$/;

/** Prism's token stream as HTML: spans with token classes only, and escaped text (what refractor's tree would give). */
function tokensToHtml(stream: TokenStream): string {
  if (typeof stream === 'string') return escapeHtml(stream);
  if (Array.isArray(stream)) return stream.map((t: string | PrismToken) => (t ? tokensToHtml(t) : '')).join('');
  const token = stream as PrismToken;
  const aliases = token.alias === undefined ? [] : typeof token.alias === 'string' ? [token.alias] : token.alias;
  const classes = ['token', token.type, ...aliases].filter((c) => CLASS.test(c));
  return `<span class="${classes.join(' ')}">${tokensToHtml(token.content)}</span>`;
}

/**
 * Prism.highlight without refractor's detour through a hast tree: 1,000 operations have 4,000 code samples
 * (issue 5 budget). The tokenize hooks still run (PHP's markup-templating needs them); `wrap` hooks only add
 * attributes, which the HTML leaves out anyway.
 */
function highlightTokens(code: string, language: string): string {
  const env: Record<string, unknown> = { code, grammar: prism.languages[language], language };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code as string, env.grammar);
  prism.hooks.run('after-tokenize', env);
  return tokensToHtml(env.tokens as TokenStream);
}

/**
 * Code highlighted at build time with the Prism grammars the docs use (refractor), so no highlighter ships
 * to the browser; unknown languages come back escaped and plain.
 */
export function highlightCode(code: string, lang: string): SafeHtml {
  if (!refractor.registered('http')) refractor.register(http);
  const grammar = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  if (!refractor.registered(grammar)) return { __html: escapeHtml(code) };
  return { __html: highlightTokens(code, grammar) };
}

/** Highlights the fenced code blocks of rendered Markdown (`<pre><code class="language-x">`). */
export function highlightFences(html: SafeHtml): SafeHtml {
  if (!html.__html.includes('<pre><code class="language-')) return html;
  return {
    __html: html.__html.replace(/<pre><code class="language-([\w+-]+)">([\s\S]*?)<\/code><\/pre>/g, (_m, lang: string, body: string) => {
      const code = decodeEntities(body);
      return `<div class="code-block"><pre><code class="language-${lang}">${highlightCode(code.replace(/\n$/, ''), lang).__html}</code></pre></div>`;
    }),
  };
}
