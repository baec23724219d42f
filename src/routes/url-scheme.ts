/**
 * A URL as a browser reads it before looking at its scheme (WHATWG URL parsing): leading and trailing
 * control characters and spaces removed, and every tab and newline inside removed, so ` java\tscript:x`
 * is `javascript:x` (issue 8).
 */
export function browserUrl(url: string): string {
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** The lower-case scheme of a URL as a browser reads it (`javascript`, `https`), or undefined for a relative one. */
export function urlScheme(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(browserUrl(url))?.[1]?.toLowerCase();
}

/** Schemes that run script when followed; `data:` is also refused outside images. */
export const SCRIPT_SCHEMES: ReadonlySet<string> = new Set(['javascript', 'vbscript']);
