import { error, excerpt as quote, warning, type Diagnostic } from '../diagnostics.js';
import type { Route } from './route.js';
import { markdownFileLink, otherFileLink } from './file-links.js';
import { normalizePath } from './slug.js';
import { SCRIPT_SCHEMES, urlScheme } from './url-scheme.js';

/** A link written in the config (navbar, footer), for the link check. */
export interface ConfigLink {
  url: string;
  where: string;
  /** A file the page loads (logo, social card) rather than a page to link to. */
  isImage?: boolean;
}

export interface LinkCheckInput {
  routes: readonly Route[];
  /** Element ids in each route's rendered HTML. */
  idsByPath: ReadonlyMap<string, { has(id: string): boolean }>;
  /** Files under site/static, as URL paths (`/img/logo.svg`). */
  staticFiles: ReadonlySet<string>;
  configLinks: readonly ConfigLink[];
  configFile: string;
  baseUrl: string;
  /**
   * `--openapi` preview: the base path of the API reference the previewed document replaced (`/docs/api`).
   * The site's own links into it were written for the other document, so they warn, grouped per file.
   */
  replacedReference?: string | undefined;
}

/**
 * Check stage: every internal link against the route table and every anchor against the rendered ids.
 * A broken link is an error naming the source file and line; a broken anchor is a warning (spec §2).
 * `javascript:` URLs are refused outright.
 */
export function checkLinks(input: LinkCheckInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const routePaths = new Set(input.routes.map((r) => r.path));
  const replaced = input.replacedReference === undefined ? undefined : normalizePath(input.replacedReference);
  const intoReplaced = (target: string): boolean =>
    replaced !== undefined && (target === replaced || target.startsWith(`${replaced}/`));
  /** Links from the site's own pages into the replaced reference, by source file. */
  const previewMisses = new Map<string, { count: number; first: string }>();
  const missInPreview = (file: string | undefined, target: string): void => {
    const seen = previewMisses.get(file ?? input.configFile);
    if (seen) seen.count++;
    else previewMisses.set(file ?? input.configFile, { count: 1, first: target });
  };
  type At = { file?: string | undefined; line?: number | undefined; column?: number | undefined };
  const check = (
    url: string,
    fromPath: string,
    where: At | (() => At),
    label: string,
    isImage = false,
    lenient = false,
    fromReference = false,
    /** The URL as written, when the route stage resolved it to `url`. */
    written = url,
  ) => {
    const at = (): At => (typeof where === 'function' ? where() : where);
    // Judged as a browser reads the URL (issue 8): ` java\tscript:` is a javascript: URL too.
    const scheme = urlScheme(url);
    if ((scheme && SCRIPT_SCHEMES.has(scheme)) || (scheme === 'data' && !isImage)) {
      diagnostics.push(
        error('link-unsafe', `${label} uses a ${scheme}: URL, which the portal refuses`, {
          ...at(),
          hint: 'link to a page or an https:// URL instead',
        }),
      );
      return;
    }
    if (scheme || url.startsWith('//') || url === '') return;
    const [rawPath = '', hash] = splitHash(url.split('?')[0] as string);
    const resolved = rawPath === '' ? fromPath : resolveRelative(stripBase(rawPath, input.baseUrl), fromPath);
    const target = normalizePath(decodeSafe(resolved));
    if (!routePaths.has(target) && !input.staticFiles.has(target)) {
      if (!fromReference && !isImage && intoReplaced(target)) return missInPreview(at().file, target);
      const what = `${isImage ? 'missing image' : 'broken link'} "${quote(url)}"`;
      // A path link the route stage left as written: the file it names is not in the site folder, or makes no page.
      const [message, hint] = otherFileLink(url)
        ? [
            `${what}: no such file in the site folder`,
            'keep the file beside the page and name it by its path from the page (./img/diagram.png), or put it under site/static/ and use its path from the site root (/img/diagram.png)',
          ]
        : !isImage && markdownFileLink(url)
          ? [
              `${what}: no page or doc of this build is made from that file`,
              'name a Markdown file of the site by its path from this file (./setup.md, ../guides/intro.mdx; drafts are not built), or link to a route such as /docs/intro',
            ]
          : [
              `${what}${target !== url ? ` (resolves to ${quote(target)})` : ''}${label === 'link' || label === 'image' ? '' : ` in ${label}`}`,
              isImage
                ? 'put the file under site/static/ and use its path from the site root'
                : 'point the link at an existing route, e.g. /docs/intro, or create the page',
            ];
      diagnostics.push(
        (lenient ? warning : error)(isImage ? 'image-missing' : 'link-broken', message, { ...at(), hint }),
      );
      return;
    }
    if (hash && routePaths.has(target)) {
      const ids = input.idsByPath.get(target);
      if (ids && !ids.has(decodeSafe(hash))) {
        if (!fromReference && intoReplaced(target)) return missInPreview(at().file, `${target}#${hash}`);
        diagnostics.push(
          warning(
            'anchor-broken',
            `broken anchor "${quote(written)}"${label === 'link' || label === 'image' ? '' : ` in ${label}`}: ${quote(target)} has no element with id "${quote(hash)}"`,
            { ...at(), hint: `use one of the heading ids of ${quote(target)}` },
          ),
        );
      }
    }
  };
  for (const route of input.routes) {
    for (const link of route.links) {
      const at = link.locate
        ? () => ({ file: route.file, ...link.locate?.() })
        : { file: route.file, line: link.line, column: link.column };
      check(
        link.url,
        route.path,
        at,
        link.where ?? link.kind,
        link.kind === 'image',
        link.lenient,
        route.kind.startsWith('api-'),
        link.written,
      );
    }
  }
  for (const link of input.configLinks)
    check(link.url, '/', { file: input.configFile }, link.where, link.isImage ?? false);
  for (const [file, { count, first }] of previewMisses) {
    diagnostics.push(
      warning(
        'link-preview-reference',
        `${count} link${count === 1 ? '' : 's'} into the API reference that --openapi replaced (first: ${quote(first)})`,
        {
          file,
          hint: 'expected while previewing another document; these links are checked again in a build without --openapi',
        },
      ),
    );
  }
  return diagnostics;
}

function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i === -1 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

function stripBase(p: string, baseUrl: string): string {
  if (baseUrl !== '/' && p.startsWith(baseUrl)) return `/${p.slice(baseUrl.length)}`;
  return p;
}

function resolveRelative(p: string, fromPath: string): string {
  if (p.startsWith('/')) return p;
  // Browser semantics: a relative link resolves against the page URL, as the reader's browser will.
  return new URL(p, `http://x${fromPath}`).pathname;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
