import GithubSlugger from 'github-slugger';
import path from 'node:path/posix';
import { routeHref } from '../../templates/site-context.js';

/** `/docs/intro/` -> `/docs/intro`; keeps `/`. The route table stores paths in this form. */
export function normalizePath(p: string): string {
  const withSlash = p.startsWith('/') ? p : `/${p}`;
  const collapsed = withSlash.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/** Strips the extension and a trailing `index`/`README`: `themes/templates/index.mdx` -> `themes/templates`. */
export function fileToSlug(rel: string): string {
  const noExt = rel.replace(/\.(mdx?|tsx)$/, '');
  return noExt.replace(/(^|\/)(index|README)$/i, '');
}

/** Doc id: folder + (front matter id or file name), Docusaurus-style. */
export function docIdFor(rel: string, frontMatterId?: string): string {
  const noExt = rel.replace(/\.mdx?$/, '');
  const dir = path.dirname(noExt);
  const name = frontMatterId ?? path.basename(noExt);
  return dir === '.' ? name : `${dir}/${name}`;
}

/** Route of a doc: front matter `slug` wins (absolute from the docs base, relative to the file's folder). */
export function docRoute(rel: string, routeBasePath: string, slug?: string): string {
  if (slug !== undefined) {
    if (slug.startsWith('/')) return normalizePath(`${routeBasePath}/${slug}`);
    const dir = path.dirname(rel);
    return normalizePath(`${routeBasePath}/${dir === '.' ? '' : dir}/${slug}`);
  }
  return normalizePath(`${routeBasePath}/${fileToSlug(rel)}`);
}

export const pageRoute = (rel: string): string => normalizePath(`/${fileToSlug(rel)}`);

/** GitHub-style slug of a label, for tags and categories. */
export const slugify = (text: string): string => new GithubSlugger().slug(text);

/**
 * The URL a link should point to, given the site's base URL and trailing-slash setting. One rule for the
 * build and the browser: this is the templates' routeHref, on a normalised path.
 */
export function toHref(routePath: string, baseUrl: string, trailingSlash: boolean | undefined): string {
  const cut = routePath.search(/[?#]/);
  const pathPart = cut === -1 ? routePath : routePath.slice(0, cut);
  const rest = cut === -1 ? '' : routePath.slice(cut);
  return routeHref({ baseUrl, ...(trailingSlash === undefined ? {} : { trailingSlash }) }, `${normalizePath(pathPart || '/')}${rest}`);
}
