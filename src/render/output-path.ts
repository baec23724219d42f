/** Where a route's HTML lives in the output folder. */
export function htmlFileFor(routePath: string, trailingSlash: boolean | undefined): string {
  if (routePath === '/') return 'index.html';
  if (routePath === '/404') return '404.html';
  const rel = routePath.slice(1);
  return trailingSlash === false ? `${rel}.html` : `${rel}/index.html`;
}
