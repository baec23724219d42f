import { isExternalUrl, routeHref } from '../shared/urls.ts';
import type { Locale, SiteData } from '../shared/types.ts';

/** Whether `href` is the current page or one of its ancestors ('/' only matches itself). */
export function isActivePath(path: string, href: string | undefined): boolean {
  if (!href || isExternalUrl(href)) return false;
  const target = href.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  if (target === '' || target === '/') return path === '/' && target === '/';
  return path === target || path.startsWith(`${target}/`);
}

/**
 * spec §2: the locale dropdown links to the same page path in each locale, keeping query and hash. `path` is
 * the route path (no base URL, no locale); `suffix` is `location.search + location.hash`.
 */
export function localeHref(
  site: Pick<SiteData, 'baseUrl' | 'trailingSlash' | 'locales' | 'currentLocale'>,
  locale: Locale,
  path: string,
  suffix: string,
): string {
  const current = site.locales.find((l) => l.name === site.currentLocale);
  // The base URL of a translated build ends with its locale prefix; the site root is the base without it.
  let root = site.baseUrl.replace(/\/$/, '');
  if (current?.prefix && root.endsWith(current.prefix)) root = root.slice(0, -current.prefix.length);
  const href = routeHref(
    {
      baseUrl: `${root}${locale.prefix}/`,
      ...(site.trailingSlash !== undefined ? { trailingSlash: site.trailingSlash } : {}),
    },
    path,
  );
  return `${href}${suffix}`;
}
