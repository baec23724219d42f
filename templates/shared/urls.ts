/** URLs as the build writes them and the browser reads them, one implementation for both sides. */
import type { SiteData } from './types.ts';

const ASSET = /\.(?:[a-z0-9]{2,5})$/i;

/** A route path as the browser should see it: base URL prepended, trailing slash per config. */
export function routeHref(site: Pick<SiteData, 'baseUrl' | 'trailingSlash'>, to: string): string {
  if (!to.startsWith('/')) return to;
  const hashAt = to.search(/[?#]/);
  const pathPart = hashAt === -1 ? to : to.slice(0, hashAt);
  const rest = hashAt === -1 ? '' : to.slice(hashAt);
  let p = pathPart.length > 1 ? pathPart.replace(/\/+$/, '') : pathPart;
  if (p !== '/' && site.trailingSlash === true && !ASSET.test(p)) p += '/';
  const base = site.baseUrl.replace(/\/$/, '');
  return `${base}${p}${rest}`;
}

/** The inverse of routeHref: a browser pathname to the route-table path. */
export function pathFromLocation(site: Pick<SiteData, 'baseUrl'>, pathname: string): string {
  const base = site.baseUrl.replace(/\/$/, '');
  let p = base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  try {
    p = decodeURI(p);
  } catch {
    /* keep it encoded */
  }
  p = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return p.length > 1 ? p.replace(/\/+$/, '') : '/';
}

/**
 * True for a URL that leaves the site: one with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`).
 * Shared by the build (navbar and footer items) and the browser (links, the brand's logo).
 */
export const isExternalUrl = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

/**
 * Internal links of a description's HTML (`/docs/intro`) as the shell's Link makes them: with the base URL, and
 * marked so a click navigates client-side; `data-to` keeps the route path the router wants.
 */
export function withInternalLinks(html: string, site: Pick<SiteData, 'baseUrl' | 'trailingSlash'>): string {
  if (!html.includes('<a href="/')) return html;
  return html.replace(
    /<a href="(\/(?!\/)[^"]*)"/g,
    (_m, to: string) => `<a href="${routeHref(site, to)}" data-internal="" data-to="${to}"`,
  );
}

/** The description's HTML before withInternalLinks: what a first visit takes back from the document (api/adopt.ts). */
export const withoutInternalLinks = (html: string): string =>
  html.includes(' data-internal="" data-to="')
    ? html.replace(/<a href="[^"]*" data-internal="" data-to="([^"]*)"/g, '<a href="$1"')
    : html;
