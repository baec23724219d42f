import type { DocsVersion, SidebarItem } from '../../templates/shared/types.js';
import type { ProcessedSource } from '../content/process-source.js';
import type { SourceFile } from '../content/scan.js';
import type { Diagnostic } from '../diagnostics.js';
import { buildDocEntries, type DocEntry } from './docs.js';
import { flattenSidebar, resolveSidebars, type GeneratedIndex, type SidebarsInput } from './sidebars.js';
import type { VersionPlan } from './versions.js';

/** Everything the route table needs of one docs version. */
export interface DocsVersionContent {
  plan: VersionPlan;
  docs: DocEntry[];
  draftIds: string[];
  /** Resolved sidebars by the ids their author gave them. */
  sidebars: Record<string, SidebarItem[]>;
  /** doc id -> sidebar id. */
  docSidebar: Map<string, string>;
  generatedIndexes: GeneratedIndex[];
}

export interface BuildDocsVersionsInput {
  versions: ReadonlyArray<{
    plan: VersionPlan;
    files: readonly SourceFile[];
    sidebars: SidebarsInput;
    sidebarsFile: string;
  }>;
  processed: ReadonlyMap<string, ProcessedSource | undefined>;
  /** What `{type: 'openapi'}` expands to, in every version. */
  apiItems: SidebarItem[];
  includeDrafts: boolean;
  /** Config `docs.sidebarCollapsed`. */
  sidebarCollapsed?: boolean;
}

export interface DocsVersions {
  contents: DocsVersionContent[];
  /** The last version's content: the one navbar items are checked against. */
  last: DocsVersionContent;
  /** What the shell gets (spec §3 "Docs version"). */
  data: DocsVersion[];
  /** Every version's sidebars side by side, keyed as the route table's `sidebarKey`s. */
  bundleSidebars: Record<string, SidebarItem[]>;
  diagnostics: Diagnostic[];
}

/**
 * Route stage (pure): each version's doc entries (routes under the version's base), its own sidebars (doc ids
 * looked up in the version's own folder) and the version summary the navbar and the version dropdown read.
 */
export function buildDocsVersions(input: BuildDocsVersionsInput): DocsVersions {
  const diagnostics: Diagnostic[] = [];
  const contents = input.versions.map(({ plan, files, sidebars: sidebarsInput, sidebarsFile }): DocsVersionContent => {
    const entries = buildDocEntries(
      files,
      files.map((f) => input.processed.get(f.file) as ProcessedSource),
      { routeBasePath: plan.base, includeDrafts: input.includeDrafts },
    );
    const sidebars = resolveSidebars(sidebarsInput, {
      docs: entries.docs,
      draftIds: entries.draftIds,
      routeBasePath: plan.base,
      apiItems: input.apiItems,
      file: sidebarsFile,
      collapsed: input.sidebarCollapsed ?? false,
    });
    diagnostics.push(...entries.diagnostics, ...sidebars.diagnostics);
    return {
      plan,
      docs: entries.docs,
      draftIds: entries.draftIds,
      sidebars: sidebars.sidebars,
      docSidebar: sidebars.docSidebar,
      generatedIndexes: sidebars.generatedIndexes,
    };
  });
  const last = contents.find((c) => c.plan.isLast) ?? (contents[0] as DocsVersionContent);
  const bundleSidebars: Record<string, SidebarItem[]> = {};
  for (const content of contents) {
    for (const [id, items] of Object.entries(content.sidebars))
      bundleSidebars[`${content.plan.sidebarKeyPrefix}${id}`] = items;
  }
  return { contents, last, data: contents.map(versionData), bundleSidebars, diagnostics };
}

/** The shell's view of a version: its docs by id and path, each sidebar's first link, its main doc. */
export function versionData(content: DocsVersionContent): DocsVersion {
  const { plan, docs } = content;
  const firstOfSidebar = Object.values(content.sidebars)
    .map(firstDocId)
    .find((id) => id !== undefined);
  const main =
    docs.find((d) => d.path === plan.base) ??
    docs.find((d) => d.id === firstOfSidebar) ??
    docs.find((d) => d.id === 'intro') ??
    [...docs].sort((a, b) => a.path.localeCompare(b.path))[0];
  const sidebars: DocsVersion['sidebars'] = {};
  for (const [id, items] of Object.entries(content.sidebars)) {
    const link = flattenSidebar(items)[0];
    sidebars[id] = link ? { link: { path: link.href, label: link.label } } : {};
  }
  return {
    name: plan.name,
    label: plan.label,
    base: plan.base,
    isLast: plan.isLast,
    docs: docs.map((d) => {
      const sidebar = content.docSidebar.get(d.id);
      return { id: d.id, path: d.path, ...(sidebar ? { sidebar } : {}), unlisted: d.unlisted };
    }),
    sidebars,
    mainDocId: main?.id ?? '',
    mainDocPath: main?.path ?? plan.base,
    draftIds: content.draftIds,
    banner: plan.banner,
  };
}

function firstDocId(items: readonly SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link' && item.docId) return item.docId;
    if (item.type === 'category') {
      const inner = firstDocId(item.items);
      if (inner) return inner;
    }
  }
  return undefined;
}
