import { refractor } from 'refractor';
import { escapeText } from '../html-entities.js';

/**
 * Language names authors and code samples write that Prism knows under another name: one table for fenced code
 * in docs and in API descriptions and for the generated samples, so `curl` or `yml` highlight alike everywhere.
 */
const ALIASES: Record<string, string> = {
  curl: 'bash',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  zsh: 'bash',
  js: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  py: 'python',
  yml: 'yaml',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  text: 'plain',
  txt: 'plain',
};

/** The Prism grammar for a name as written (any case), or the name itself when it has no alias. */
export const prismLanguage = (written: string): string => ALIASES[written.toLowerCase()] ?? written.toLowerCase();

/** Registers extra Prism grammars by name (spec §9: markup-templating, liquid, php). */
export async function registerLanguages(names: readonly string[]): Promise<void> {
  for (const name of names) {
    if (refractor.registered(name)) continue;
    const mod = (await import(`refractor/${name}`)) as { default: Parameters<typeof refractor.register>[0] };
    refractor.register(mod.default);
  }
}

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
  if (typeof stream === 'string') return escapeText(stream);
  if (Array.isArray(stream)) return stream.map((t: string | PrismToken) => (t ? tokensToHtml(t) : '')).join('');
  const token = stream as PrismToken;
  const aliases = token.alias === undefined ? [] : typeof token.alias === 'string' ? [token.alias] : token.alias;
  const classes = ['token', token.type, ...aliases].filter((c) => CLASS.test(c));
  return `<span class="${classes.join(' ')}">${tokensToHtml(token.content)}</span>`;
}

/**
 * Code as highlighted HTML, or escaped plain text when the language has no registered grammar. Prism.highlight
 * without refractor's detour through a hast tree: 1,000 operations have 4,000 code samples (issue 5 budget). The
 * tokenize hooks still run (PHP's markup-templating needs them); `wrap` hooks only add attributes, which the HTML
 * leaves out anyway. Docs compiled to MDX take refractor's tree instead (rehypeHighlight): same grammars, same names.
 */
export function highlightToHtml(code: string, written: string): string {
  const language = prismLanguage(written);
  if (!refractor.registered(language)) return escapeText(code);
  const env: Record<string, unknown> = { code, grammar: prism.languages[language], language };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code as string, env.grammar);
  prism.hooks.run('after-tokenize', env);
  return tokensToHtml(env.tokens as TokenStream);
}
