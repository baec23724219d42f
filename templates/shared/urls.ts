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
