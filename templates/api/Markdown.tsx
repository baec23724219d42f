import type { SafeHtml } from './model.ts';

/**
 * A description from the OpenAPI document. The HTML was rendered from Markdown and sanitised at build time
 * (src/apiref/markdown.ts: raw HTML escaped, unsafe URLs dropped).
 */
export function Markdown({ html, className }: { html: SafeHtml | undefined; className?: string }) {
  if (!html) return null;
  return <div className={`markdown api-markdown${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={html} />;
}
