import type { Diagnostic } from '../diagnostics.js';
import { error, excerpt, listed, warning } from '../diagnostics.js';
import { frontMatterKeyLine } from '../content/front-matter.js';
import type { ProcessedSource } from '../content/process-source.js';
import type { SourceFile } from '../content/scan.js';
import { routePathProblem } from './route-path.js';
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
  /** `pagination_next` and `pagination_prev` naming a doc, checked once every doc of the version is known. */
  const paginationIds: Array<{ file: SourceFile; key: 'pagination_next' | 'pagination_prev'; id: string }> = [];
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
    if (!fm.title && !h1)
      diagnostics.push(
        warning('doc-untitled', `doc "${id}" has no title; using "${title}"`, {
          file: f.file,
          hint: 'add `title:` to its front matter or a `# heading`',
        }),
      );
    const path = docRoute(f.rel, options.routeBasePath, fm.slug);
    const problem = routePathProblem(path);
    if (problem) {
      // issue 20 item 2: `slug: ../../escaped` must not write outside the output folder.
      diagnostics.push(
        error(
          'route-path-unsafe',
          `the route "${excerpt(path)}" of doc "${excerpt(id)}" cannot be written: ${problem}`,
          {
            file: f.file,
            line: fm.slug === undefined ? undefined : frontMatterKeyLine(f.text, 'slug'),
            hint:
              fm.slug === undefined
                ? 'rename the file'
                : 'give `slug:` a path of plain names inside the docs, e.g. `slug: /guides/setup`',
          },
        ),
      );
      return;
    }
    for (const key of ['pagination_prev', 'pagination_next'] as const) {
      const target = fm[key];
      if (typeof target === 'string') paginationIds.push({ file: f, key, id: target });
    }
    docs.push({
      id,
      file: f.file,
      rel: f.rel,
      path,
      title,
      sidebarLabel: fm.sidebar_label ?? title,
      sidebarPosition: fm.sidebar_position,
      unlisted: fm.unlisted === true,
      source: src,
    });
  });
  // A draft left out of this build is no error (spec §5): the link is just not shown.
  const known = new Set([...docs.map((d) => d.id), ...draftIds]);
  for (const { file, key, id } of paginationIds)
    if (!known.has(id))
      diagnostics.push(
        error(
          'pagination-unknown-doc',
          `\`${key}\` names unknown doc id "${excerpt(id)}". Available doc ids: ${listed(docs.map((d) => d.id))}`,
          {
            file: file.file,
            line: frontMatterKeyLine(file.text, key),
            hint: `give the id of a doc of the same version (its path under docs/ without the extension, or its \`id:\`), or \`${key}: null\` for no link`,
          },
        ),
      );
  return { docs, draftIds, diagnostics };
}
