import { browserUrl, urlScheme } from '../routes/url-scheme.js';

/** Schemes a link taken from the OpenAPI document may use; anything else (javascript:, data:, vbscript:…) is dropped. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * A URL from the OpenAPI document (external docs, contact, license, terms of service) made safe to put in an
 * `href`, or undefined (issue 8: the document's text is not trusted). Browsers ignore leading and trailing
 * control characters and spaces and any tab or newline inside a URL, so ` java\tscript:` is still a script
 * URL: the scheme is judged on the URL as a browser reads it, and that cleaned URL is what is kept.
 */
export function safeDocumentUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const cleaned = browserUrl(url);
  if (cleaned === '') return undefined;
  const scheme = urlScheme(cleaned);
  if (scheme !== undefined) return ALLOWED_SCHEMES.has(scheme) ? cleaned : undefined;
  // No scheme: a relative URL, unless a `:` before the first `/`, `?` or `#` makes browsers read one anyway.
  const head = cleaned.split(/[/?#]/)[0] ?? '';
  return head.includes(':') ? undefined : cleaned;
}
