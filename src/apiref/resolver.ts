import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../diagnostics.js';
import { replaceControlChars } from './control-chars.js';

/** Reads one referenced file; injected so tests can serve documents from memory. */
export type ReadFile = (file: string) => Promise<string>;

/** A `$ref` the portal will not follow; the message says which ref and why (`outside` when it left the root). */
export class RefRefusedError extends Error {
  readonly ref: string;
  readonly outside: boolean;
  constructor(ref: string, message: string, outside = false) {
    super(message);
    this.name = 'RefRefusedError';
    this.ref = ref;
    this.outside = outside;
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * The one place external `$ref`s are read (issue 8): swagger-parser's default resolvers read any file on
 * disk (`$ref: /etc/passwd`) and fetch any URL. This resolver reads only files inside `allowedDir`, after
 * resolving symlinks, and never the network.
 */
export function createSafeResolver(options: { allowedDir: string; readFile?: ReadFile | undefined }) {
  const readFile = options.readFile ?? ((file: string) => fs.readFile(file, 'utf8'));
  // The ref parser rewraps a resolver's errors as "Error reading file"; keep ours to report them as written.
  const refused: RefRefusedError[] = [];
  const warnings: Diagnostic[] = [];
  const refuse = (err: RefRefusedError): never => {
    refused.push(err);
    throw err;
  };
  return {
    refused,
    warnings,
    resolver: {
      order: 1,
      canRead: true,
      async read(file: { url: string }): Promise<string> {
        const url = file.url;
        const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
        if (scheme && scheme !== 'file' && !/^[a-z]:[\\/]/i.test(url)) {
          return refuse(
            new RefRefusedError(
              url,
              `$ref "${url}" points outside the document: the portal does not fetch ${scheme}: URLs; copy the file into the openapi folder and refer to it by a relative path`,
            ),
          );
        }
        const target = scheme === 'file' ? fileURLToPath(url) : decodeURI(url);
        const real = await fs.realpath(target).catch(() => path.resolve(target));
        if (!(await isInside(real, options.allowedDir))) {
          // A symlink inside the folder is named with where it leads, which is what is refused.
          const shown = real === path.resolve(target) ? target : `${target}, a link to ${real}`;
          return refuse(
            new RefRefusedError(
              url,
              `${shown}, outside the OpenAPI root folder ${options.allowedDir}; only files inside it can be referenced`,
              true,
            ),
          );
        }
        // A referenced file is bundled into the model and the downloads: the same cleaning as the entry.
        const { text, diagnostics } = replaceControlChars(await readFile(target), target);
        warnings.push(...diagnostics);
        return text;
      },
    },
  };
}

/** `realFile` (symlinks resolved; a missing file is judged by its path, reading it then fails) is inside `dir`. */
async function isInside(realFile: string, dir: string): Promise<boolean> {
  const realDir = await fs.realpath(dir).catch(() => path.resolve(dir));
  const rel = path.relative(realDir, realFile);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The openapi folder a document may reference files in: the project's `openapi/` when the document is in it,
 * else the nearest enclosing folder named `openapi`, else the document's own folder.
 */
export function openapiFolder(file: string, root: string): string {
  const projectFolder = path.join(root, 'openapi');
  if (!path.relative(projectFolder, file).startsWith('..')) return projectFolder;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (path.basename(dir) === 'openapi') return dir;
  }
  return path.dirname(file);
}
