import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../output/write.js';
import { linkedFile, otherFileLink } from '../routes/file-links.js';
import type { SourceLink } from './compile.js';

/** Where the files a page links to by their path go in the output, below the locale's base. */
export const CONTENT_FILES_FOLDER = '_portal/files';

/**
 * Collect stage, beside the scan: the files of the site folder that pages link to by their path (`./diagram.png`,
 * `../assets/api.pdf`: authors of Docusaurus, Starlight and VitePress keep images beside their docs), each read once and
 * named by its content (a changed image gets a new URL, so browsers never show the old one), by absolute path.
 * A file outside the site folder, a hidden one or one that does not exist is not taken: the link check reports
 * the link. Only files of the site are read, never what a `../` leads out to.
 */
export async function collectContentFiles(
  sources: ReadonlyArray<{ file: string; links: readonly SourceLink[] }>,
  siteDir: string,
): Promise<Map<string, OutputFile>> {
  const wanted = new Set<string>();
  for (const source of sources) {
    for (const link of source.links) {
      const target = otherFileLink(link.url);
      if (!target) continue;
      const file = linkedFile(source.file, target);
      const inSite = path.relative(siteDir, file);
      if (inSite.startsWith('..') || path.isAbsolute(inSite) || inSite.split(path.sep).some((p) => p.startsWith('.')))
        continue;
      wanted.add(file);
    }
  }
  const files = new Map<string, OutputFile>();
  await Promise.all(
    [...wanted].map(async (file) => {
      const contents = await fs.readFile(file).catch(() => undefined);
      if (!contents) return;
      const hash = createHash('sha256').update(contents).digest('hex').slice(0, 8);
      const ext = path.extname(file);
      const stem = path
        .basename(file, ext)
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .slice(0, 60);
      files.set(file, { path: `${CONTENT_FILES_FOLDER}/${stem}-${hash}${ext.toLowerCase()}`, contents });
    }),
  );
  return files;
}
