import { createContext, useContext } from 'react';
import type { SiteData } from './shared/types.ts';

export const SiteContext = createContext<SiteData | null>(null);

/** spec §8: a hook used outside its provider says so, naming the hook. */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('Hook useSite is called outside the <SiteContext.Provider>.');
  return site;
}

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

export { isExternalUrl } from './shared/urls.ts';
