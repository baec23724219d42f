import path from 'node:path';
import { openapiFolder } from '../apiref/resolver.js';

export interface WatchTargetsOptions {
  root: string;
  siteDir: string;
  templatesDir: string;
  /** The API document: `--openapi FILE` or the configured `openapi.path`, relative to the root. */
  openapi?: string | undefined;
}

/**
 * What `portal serve` watches (issue 5 item 5): the site, the templates, the project's `openapi/`, and the
 * API document's folder wherever it is, since the files its `$ref`s may name live there (the same folder
 * the resolver allows). Folders inside another watched folder are dropped.
 */
export function watchTargets(options: WatchTargetsOptions): string[] {
  const wanted = [options.siteDir, options.templatesDir, path.join(options.root, 'openapi')];
  if (options.openapi) wanted.push(openapiFolder(path.resolve(options.root, options.openapi), options.root));
  const unique = [...new Set(wanted.map((p) => path.resolve(p)))];
  const inside = (child: string, parent: string) =>
    child !== parent &&
    !path.relative(parent, child).startsWith('..') &&
    !path.isAbsolute(path.relative(parent, child));
  return unique.filter((p) => !unique.some((other) => inside(p, other)));
}
