import { useSite } from '../../site-context.tsx';
import { isExternalUrl } from '../../shared/urls.ts';

/**
 * Docusaurus's `@docusaurus/useBaseUrl`: a site path with the base URL in front (`/img/logo.svg` under `/portal/` is
 * `/portal/img/logo.svg`), absolute with `{absolute: true}`; URLs, `#anchors` and paths that already start with the
 * base URL are left as they are.
 */
export default function useBaseUrl(url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}) {
  const site = useSite();
  return withBaseUrl(site, url, options);
}

export function withBaseUrl(
  site: { baseUrl: string; url?: string | undefined },
  url: string,
  { absolute = false, forcePrependBaseUrl = false }: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {},
): string {
  if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
  const base = site.baseUrl.endsWith('/') ? site.baseUrl : `${site.baseUrl}/`;
  const path =
    !forcePrependBaseUrl && url.startsWith(base) ? url : `${base}${url.startsWith('/') ? url.slice(1) : url}`;
  return absolute && site.url ? `${site.url.replace(/\/$/, '')}${path}` : path;
}
