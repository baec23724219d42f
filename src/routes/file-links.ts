import path from 'node:path';
import type { SourceLink } from '../content/compile.js';
import { urlScheme } from './url-scheme.js';

/**
 * A link naming a file by its path from the linking file (`./setup.md`, `../img/diagram.png#x`): its decoded path
 * and what follows it (query, fragment). Undefined for any other URL: a route (`/docs/setup`, `./setup`: no
 * extension), an external URL, an anchor.
 */
export function pathLink(url: string): { path: string; suffix: string } | undefined {
  if (url === '' || url.startsWith('/') || url.startsWith('#') || url.startsWith('?') || urlScheme(url)) return;
  const cut = url.search(/[?#]/);
  const written = cut === -1 ? url : url.slice(0, cut);
  if (!/\.[A-Za-z0-9]+$/.test(written)) return;
  try {
    return { path: decodeURI(written), suffix: cut === -1 ? '' : url.slice(cut) };
  } catch {
    return undefined;
  }
}

/** A path to a Markdown source, which makes a page rather than being a file of the output. */
const isMarkdown = (file: string): boolean => /\.mdx?$/.test(file);

/**
 * A link to a Markdown source by its path, as Docusaurus, VitePress and Rspress let authors write them:
 * `./setup.md`, `../guides/intro.mdx#install`, `setup.md?tab=npm`.
 */
export function markdownFileLink(url: string): { path: string; suffix: string } | undefined {
  const link = pathLink(url);
  return link && isMarkdown(link.path) ? link : undefined;
}

/** A link naming any other file by its path (`./img/diagram.png`): a file of the site copied into the output. */
export function otherFileLink(url: string): { path: string; suffix: string } | undefined {
  const link = pathLink(url);
  return link && !isMarkdown(link.path) ? link : undefined;
}

/** The file a path link names: its path taken from the folder of the file that links. */
export const linkedFile = (from: string, link: { path: string }): string => path.resolve(path.dirname(from), link.path);

/** The routes a Markdown file link can lead to. */
export interface FileLinkTargets {
  /** Every page and doc route of the build, by its absolute source file. */
  byFile: ReadonlyMap<string, string>;
  /**
   * The doc routes of the linking doc's version, by path within its docs folder: a translated doc links to its
   * siblings as the default locale's doc does, whether or not they are translated.
   */
  byRel?: ReadonlyMap<string, string> | undefined;
  /**
   * Other files of the site that pages link to by their path (an image beside a doc), by absolute file: their copy
   * in the output (content-files.ts), its path below the locale's base.
   */
  files?: ReadonlyMap<string, { path: string }> | undefined;
}

/**
 * Route stage (pure): the links of one source that name a file by its path, as written -> where they lead, query
 * and fragment kept: a Markdown file to the page or doc made from it, another file of the site (an image, a
 * download) to its copy in the output. Links naming no such file are left out: the link check reports them.
 */
export function resolveFileLinks(
  links: readonly SourceLink[],
  /** The linking source: its absolute file and, for a doc, its path within its docs folder. */
  from: { file: string; rel?: string | undefined },
  targets: FileLinkTargets,
): Map<string, string> {
  const resolved = new Map<string, string>();
  for (const link of links) {
    if (resolved.has(link.url)) continue;
    const target = pathLink(link.url);
    if (!target) continue;
    if (!isMarkdown(target.path)) {
      const copy = targets.files?.get(linkedFile(from.file, target));
      if (copy) resolved.set(link.url, `/${copy.path}${target.suffix}`);
      continue;
    }
    if (link.kind !== 'link') continue;
    let route: string | undefined;
    if (from.rel !== undefined && targets.byRel) {
      const rel = path.posix.normalize(path.posix.join(path.posix.dirname(from.rel), target.path));
      if (!rel.startsWith('../')) route = targets.byRel.get(rel);
    }
    route ??= targets.byFile.get(linkedFile(from.file, target));
    if (route !== undefined) resolved.set(link.url, `${route}${target.suffix}`);
  }
  return resolved;
}
