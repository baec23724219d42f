/**
 * True for a URL that leaves the site: one with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`).
 * Shared by the build (navbar and footer items) and the browser (links, the brand's logo).
 */
export const isExternalUrl = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
