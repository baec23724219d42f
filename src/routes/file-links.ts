import path from 'node:path';
import type { SourceLink } from '../content/compile.js';
import { urlScheme } from './url-scheme.js';

/**
 * A link to a Markdown source by its path from the linking file, as Docusaurus, VitePress and Rspress let authors
 * write them: `./setup.md`, `../guides/intro.mdx#install`, `setup.md?tab=npm`. Its decoded path and what follows it
 * (query, fragment); undefined for any other URL (a route such as `/docs/setup`, an external URL, an anchor).
 */
export function markdownFileLink(url: string): { path: string; suffix: string } | undefined {
  if (url === '' || url.startsWith('/') || url.startsWith('#') || url.startsWith('?') || urlScheme(url)) return;
  const cut = url.search(/[?#]/);
  const written = cut === -1 ? url : url.slice(0, cut);
  if (!/\.mdx?$/.test(written)) return;
  try {
    return { path: decodeURI(written), suffix: cut === -1 ? '' : url.slice(cut) };
  } catch {
    return undefined;
  }
}

/** The routes a Markdown file link can lead to. */
export interface FileLinkTargets {
  /** Every page and doc route of the build, by its absolute source file. */
  byFile: ReadonlyMap<string, string>;
  /**
   * The doc routes of the linking doc's version, by path within its docs folder: a translated doc links to its
   * siblings as the default locale's doc does, whether or not they are translated.
   */
  byRel?: ReadonlyMap<string, string> | undefined;
}

/**
 * Route stage (pure): the Markdown file links of one source that name a page or doc of this build, as written ->
 * that route, query and fragment kept. Links naming no such file are left out: the link check reports them.
 */
export function resolveFileLinks(
  links: readonly SourceLink[],
  /** The linking source: its absolute file and, for a doc, its path within its docs folder. */
  from: { file: string; rel?: string | undefined },
  targets: FileLinkTargets,
): Map<string, string> {
  const resolved = new Map<string, string>();
  for (const link of links) {
    if (link.kind !== 'link' || resolved.has(link.url)) continue;
    const target = markdownFileLink(link.url);
    if (!target) continue;
    let route: string | undefined;
    if (from.rel !== undefined && targets.byRel) {
      const rel = path.posix.normalize(path.posix.join(path.posix.dirname(from.rel), target.path));
      if (!rel.startsWith('../')) route = targets.byRel.get(rel);
    }
    route ??= targets.byFile.get(path.resolve(path.dirname(from.file), target.path));
    if (route !== undefined) resolved.set(link.url, `${route}${target.suffix}`);
  }
  return resolved;
}
