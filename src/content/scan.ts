import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

export interface SourceFile {
  /** Absolute path. */
  file: string;
  /** Path relative to its section folder, `/`-separated, e.g. `themes/intro.mdx`. */
  rel: string;
  section: 'pages' | 'docs';
  ext: '.md' | '.mdx' | '.tsx';
  /** File text; empty for .tsx pages, which esbuild reads itself. */
  text: string;
}

/** Collect stage, the one reader of content: globs site/pages and the docs folder, sorted for stable output. */
export async function scanContent(siteDir: string, docsDir: string): Promise<SourceFile[]> {
  const sections = [
    { section: 'pages' as const, dir: path.join(siteDir, 'pages'), pattern: '**/*.{md,mdx,tsx}' },
    { section: 'docs' as const, dir: path.join(siteDir, docsDir), pattern: '**/*.{md,mdx}' },
  ];
  const files: SourceFile[] = [];
  for (const { section, dir, pattern } of sections) files.push(...(await scanSection(dir, section, pattern)));
  return files;
}

/** The content files of one folder (a missing folder has none), sorted for stable output. */
export async function scanSection(dir: string, section: SourceFile['section'], pattern = section === 'pages' ? '**/*.{md,mdx,tsx}' : '**/*.{md,mdx}'): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  // Files and folders starting with `_` are partials or helpers, not routes (Docusaurus convention).
  const rels = (await fg(pattern, { cwd: dir, ignore: ['**/_*', '**/_*/**', '**/*.test.*'], onlyFiles: true })).sort();
  for (const rel of rels) {
    const file = path.join(dir, rel);
    const ext = path.extname(rel) as SourceFile['ext'];
    files.push({ file, rel, section, ext, text: ext === '.tsx' ? '' : await fs.readFile(file, 'utf8') });
  }
  return files;
}
