import { createHash } from 'node:crypto';
import GithubSlugger from 'github-slugger';
import path from 'node:path/posix';
import { routeHref } from '../../templates/shared/urls.js';

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

/** GitHub-style slug of a label, for tags and categories; capped like every generated name. */
export const slugify = (text: string): string => capName(new GithubSlugger().slug(text));

/** Longest generated page name, tag slug or heading id, in characters (issue 14). */
export const NAME_MAX = 80;
/** A generated name never needs more UTF-8 bytes than this, whatever its script (file systems allow 255). */
const NAME_MAX_BYTES = 160;

/**
 * Caps a generated name (a page name, tag slug or heading id): a name of up to NAME_MAX characters is kept
 * as it is; a longer one is cut at a word and followed by a short hash of the whole name, so two long names
 * that start alike still differ and the same name always gives the same result (issue 14: a generated
 * document's kilobyte-long summary must not become a file name the file system refuses).
 */
export function capName(name: string): string {
  if (name.length <= NAME_MAX && Buffer.byteLength(name) <= NAME_MAX_BYTES) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  let head = [...name].slice(0, NAME_MAX - hash.length - 1).join('');
  while (Buffer.byteLength(head) > NAME_MAX_BYTES - hash.length - 1) head = [...head].slice(0, -1).join('');
  const word = head.search(/[-_\s][^-_\s]*$/);
  if (word > head.length / 2) head = head.slice(0, word);
  return `${head.replace(/[-_.\s]+$/, '')}-${hash}`;
}

/**
 * The URL a link should point to, given the site's base URL and trailing-slash setting. One rule for the
 * build and the browser: this is the templates' routeHref, on a normalised path.
 */
export function toHref(routePath: string, baseUrl: string, trailingSlash: boolean | undefined): string {
  const cut = routePath.search(/[?#]/);
  const pathPart = cut === -1 ? routePath : routePath.slice(0, cut);
  const rest = cut === -1 ? '' : routePath.slice(cut);
  return routeHref(
    { baseUrl, ...(trailingSlash === undefined ? {} : { trailingSlash }) },
    `${normalizePath(pathPart || '/')}${rest}`,
  );
}
