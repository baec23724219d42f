import type { Diagnostic } from '../diagnostics.js';
import { warning } from '../diagnostics.js';
import type { ProcessedSource } from '../content/process-source.js';
import type { SourceFile } from '../content/scan.js';
import { docIdFor, docRoute } from './slug.js';

export interface DocEntry {
  id: string;
  file: string;
  rel: string;
  path: string;
  title: string;
  sidebarLabel: string;
  sidebarPosition?: number | undefined;
  unlisted: boolean;
  source: ProcessedSource;
}

/** Turns processed doc files into doc entries; drafts yield nothing in a production build (spec §5). */
export function buildDocEntries(
  files: readonly SourceFile[],
  processed: readonly ProcessedSource[],
  options: { routeBasePath: string; includeDrafts: boolean },
): { docs: DocEntry[]; draftIds: string[]; diagnostics: Diagnostic[] } {
  const docs: DocEntry[] = [];
  const draftIds: string[] = [];
  const diagnostics: Diagnostic[] = [];
  files.forEach((f, i) => {
    const src = processed[i];
    if (f.section !== 'docs' || !src) return;
    const fm = src.frontMatter;
    const id = docIdFor(f.rel, fm.id);
    if (fm.draft && !options.includeDrafts) {
      draftIds.push(id);
      return;
    }
    const h1 = src.headings.find((h) => h.depth === 1)?.text;
    const title = fm.title ?? h1 ?? id.split('/').pop() ?? id;
    if (!fm.title && !h1) diagnostics.push(warning('doc-untitled', `doc "${id}" has no title; using "${title}"`, { file: f.file, hint: 'add `title:` to its front matter or a `# heading`' }));
    docs.push({
      id,
      file: f.file,
      rel: f.rel,
      path: docRoute(f.rel, options.routeBasePath, fm.slug),
      title,
      sidebarLabel: fm.sidebar_label ?? title,
      sidebarPosition: fm.sidebar_position,
      unlisted: fm.unlisted === true,
      source: src,
    });
  });
  return { docs, draftIds, diagnostics };
}
