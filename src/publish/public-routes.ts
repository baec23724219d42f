import type { DocsVersion } from '../../templates/shared/types.js';
import type { Route } from '../routes/route.js';
import { toHref } from '../routes/slug.js';

/** What the machine-readable files need from the config. */
export interface SiteAddress {
  /** `https://docs.tessera.example` */
  url: string;
  baseUrl: string;
  trailingSlash?: boolean | undefined;
}

/**
 * Routes a crawler may list: not unlisted (which also leaves out the 404 page), and drafts never reach the
 * route table in a production build.
 */
export const isPublicRoute = (route: Route): boolean => !route.unlisted && route.kind !== 'not-found';

/**
 * A page of a docs version other than the last one (`/docs/1.0/...`, `/docs/next/...`): listed in the sitemap
 * but not offered to readers' searches or language models, which would otherwise see every page once per
 * version.
 */
export function isOlderVersion(path: string, versions: readonly DocsVersion[]): boolean {
  const last = versions.find((v) => v.isLast)?.base;
  return versions.some((v) => !v.isLast && v.base !== last && (path === v.base || path.startsWith(`${v.base}/`)));
}

/**
 * The page's absolute URL, as its canonical link gives it: percent-encoded, as the machine files need it (a space
 * or an accented letter from a file name is not allowed as it is in a sitemap's `<loc>`, and a space ends a link
 * in llms.txt's Markdown).
 */
export const absoluteUrl = (site: SiteAddress, path: string): string =>
  `${site.url.replace(/\/$/, '')}${encodeURI(toHref(path, site.baseUrl, site.trailingSlash))}`;

/** An absolute URL of a file in the output folder, percent-encoded as absoluteUrl. */
export const absoluteFileUrl = (site: SiteAddress, file: string): string =>
  `${site.url.replace(/\/$/, '')}${encodeURI(`${site.baseUrl}${file.replace(/^\//, '')}`)}`;
