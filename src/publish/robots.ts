/**
 * `robots.txt`: everything may be crawled; the sitemaps say where the pages are (one per locale, each built
 * under its own base URL). Crawlers read it only at the host's root, so a site served under a base URL
 * needs it copied there.
 */
export function buildRobots(sitemaps: readonly string[]): string {
  return ['User-agent: *', 'Allow: /', '', ...sitemaps.map((url) => `Sitemap: ${url}`), ''].join('\n');
}
