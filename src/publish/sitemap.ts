import type { Route } from '../routes/route.js';
import { escapeHtml } from '../html-entities.js';
import { absoluteUrl, isPublicRoute, type SiteAddress } from './public-routes.js';

/** `sitemap.xml` (sitemaps.org 0.9): every public route by its absolute URL, with its last change where git knows it. */
export function buildSitemap(routes: readonly Route[], site: SiteAddress): string {
  const entries = routes.filter(isPublicRoute).map((route) => {
    const lastmod =
      route.page.lastUpdated && !Number.isNaN(Date.parse(route.page.lastUpdated))
        ? `<lastmod>${escapeHtml(route.page.lastUpdated)}</lastmod>`
        : '';
    return `  <url><loc>${escapeHtml(absoluteUrl(site, route.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
