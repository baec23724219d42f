import type { SourceLink } from '../content/compile.js';
import { normalizePath } from './slug.js';

export interface VersionLinksInput {
  links: readonly SourceLink[];
  /** The docs route base, e.g. `/docs`: where links written in the docs point. */
  routeBasePath: string;
  /** The base of the version the linking doc belongs to, e.g. `/docs/1.0`. */
  versionBase: string;
  /** Routes of that version: its docs, tag pages and generated indexes. */
  versionPaths: ReadonlySet<string>;
}

/**
 * Route stage (pure): links inside a versioned doc resolve within its version (issue 4 item 6). Docs are
 * written with links such as `/docs/guides/setup`, which is the last version's page; in a doc of another
 * version that link is taken to mean the same page in the doc's own version, when that version has it
 * (`/docs/1.0/guides/setup`). Links to pages the version lacks, to other sections (the API reference) and
 * to an explicit version stay as written. Returns written URL -> URL to use, for the links that change.
 */
export function resolveVersionLinks(input: VersionLinksInput): Map<string, string> {
  const map = new Map<string, string>();
  const { routeBasePath, versionBase } = input;
  if (normalizePath(versionBase) === normalizePath(routeBasePath)) return map;
  const root = normalizePath(routeBasePath);
  for (const link of input.links) {
    if (link.kind !== 'link' || !link.url.startsWith('/') || link.url.startsWith('//') || map.has(link.url)) continue;
    const cut = link.url.search(/[?#]/);
    const pathPart = normalizePath(cut === -1 ? link.url : link.url.slice(0, cut));
    const suffix = cut === -1 ? '' : link.url.slice(cut);
    const inDocs = root === '/' || pathPart === root || pathPart.startsWith(`${root}/`);
    if (!inDocs) continue;
    const candidate = normalizePath(`${versionBase}/${root === '/' ? pathPart : pathPart.slice(root.length)}`);
    if (candidate !== pathPart && input.versionPaths.has(candidate)) map.set(link.url, `${candidate}${suffix}`);
  }
  return map;
}
