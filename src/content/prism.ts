import type { Element, Text } from 'hast';
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

/**
 * The grammars a site highlights beyond refractor's common ones: spec §9's (markup-templating, liquid, php), JSX and
 * TSX (which Docusaurus highlights without being asked, so docs written for it expect them), and the config's
 * `prism.additionalLanguages`. Docs and the API reference's descriptions register the same list.
 */
export const siteLanguages = (additional: readonly string[]): string[] => [
  'markup-templating',
  'liquid',
  'php',
  'jsx',
  'tsx',
  ...additional,
];

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
  alias?: string | readonly string[] | null;
  content: TokenStream;
}
type TokenStream = string | PrismToken | ReadonlyArray<string | PrismToken>;
/** The parts of Prism that refractor inherits but does not type. */
interface PrismCore {
  languages: Record<string, unknown>;
  hooks: { run(name: string, env: Record<string, unknown>): void };
  tokenize(code: string, grammar: unknown): TokenStream;
  /** refractor's: one token (or stream) as hast, through hastscript's `h`. */
  Token: { stringify(stream: TokenStream, language: string): HastContent | HastContent[] };
}
const prism = refractor as unknown as PrismCore;

const CLASS = /^[\w-]+$/;

/**
 * A token's classes as refractor makes them: `token`, its type, then its aliases. Prism leaves `alias` undefined,
 * null (JSX's hooks make such tokens in TSX), a string or a list.
 */
const tokenClasses = (token: PrismToken): string[] =>
  !token.alias
    ? ['token', token.type]
    : ['token', token.type, ...(typeof token.alias === 'string' ? [token.alias] : token.alias)];

/** Prism's token stream as HTML: spans with token classes only, and escaped text (what refractor's tree would give). */
function tokensToHtml(stream: TokenStream): string {
  if (typeof stream === 'string') return escapeText(stream);
  if (Array.isArray(stream)) return stream.map((t: string | PrismToken) => (t ? tokensToHtml(t) : '')).join('');
  const token = stream as PrismToken;
  const classes = tokenClasses(token).filter((c) => CLASS.test(c));
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
  return tokensToHtml(tokenize(code, language));
}

/** Prism.highlight's first half, with its tokenize hooks (PHP's markup-templating needs them). */
function tokenize(code: string, language: string): TokenStream {
  const env: Record<string, unknown> = { code, grammar: prism.languages[language], language };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code as string, env.grammar);
  prism.hooks.run('after-tokenize', env);
  return env.tokens as TokenStream;
}

/**
 * Code of a registered language as the hast children `refractor.highlight(code, language)` gives, node for node,
 * made without its detour through hastscript's `h` for every token, which parsed a CSS selector per token and was
 * a third of the compile worker's highlighting (the docs have 600 code blocks). A token whose `wrap` hook adds
 * attributes (markup's entities) or whose classes a selector would read otherwise is left to refractor's own.
 */
export function highlightToHast(code: string, language: string): HastContent[] {
  const made = tokensToHast(tokenize(code, language), language);
  return Array.isArray(made) ? made : [made];
}

type HastContent = Element | Text;

function tokensToHast(stream: TokenStream, language: string): HastContent | HastContent[] {
  if (typeof stream === 'string') return { type: 'text', value: stream };
  if (Array.isArray(stream)) {
    const nodes: HastContent[] = [];
    for (const t of stream as ReadonlyArray<string | PrismToken | null | undefined>)
      if (t !== null && t !== undefined && t !== '') nodes.push(tokensToHast(t, language) as HastContent);
    return nodes;
  }
  const token = stream as PrismToken;
  const env = {
    attributes: {} as Record<string, unknown>,
    classes: tokenClasses(token),
    content: tokensToHast(token.content, language),
    language,
    tag: 'span',
    type: token.type,
  };
  prism.hooks.run('wrap', env);
  if (env.tag !== 'span' || Object.keys(env.attributes).length > 0 || !env.classes.every((c) => CLASS.test(c)))
    return prism.Token.stringify(token, language) as HastContent;
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: env.classes },
    children: Array.isArray(env.content) ? env.content : [env.content],
  };
}
