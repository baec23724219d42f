import type { PortalConfig } from '../config/schema.js';
import type { SourceLink } from '../content/compile.js';
import type { ProcessedSource } from '../content/process-source.js';
import type { SourceFile } from '../content/scan.js';
import { error, excerpt, warning, type Diagnostic } from '../diagnostics.js';
import type { PageRef, SidebarItem } from '../../templates/shared/types.js';
import type { DocEntry } from './docs.js';
import type { DocsVersionContent } from './docs-versions.js';
import type { Route } from './route.js';
import { routePathProblem } from './route-path.js';
import { flattenSidebar } from './sidebars.js';
import { categoryCards } from '../../templates/shared/sidebar-items.js';
import { pageRoute } from './slug.js';
import { buildTagRoutes, collectTags, type TagInfo } from './tags.js';
import { type FileLinkTargets, resolveFileLinks } from './file-links.js';
import { resolveVersionLinks } from './version-links.js';

export interface RouteTableInput {
  config: PortalConfig;
  pages: ReadonlyArray<{ file: SourceFile; source?: ProcessedSource | undefined }>;
  /** Each docs version's docs, sidebars and generated indexes; a site without versions has one. */
  docVersions: readonly DocsVersionContent[];
  apiRoutes: readonly Route[];
  /** Files of the site that pages link to by their path (content-files.ts), by absolute file: their copy. */
  files?: FileLinkTargets['files'];
  /** Last-updated dates by file, where git knows them. */
  lastUpdated?: ReadonlyMap<string, string> | undefined;
}

export interface RouteTable {
  routes: Route[];
  byPath: Map<string, Route>;
  diagnostics: Diagnostic[];
}

/** Route stage: the one list of routes every later stage reads. Duplicates warn, naming every source. */
export function buildRouteTable(input: RouteTableInput): RouteTable {
  const { config } = input;
  const candidates: Route[] = [];
  // Links to Markdown files by their path lead to the page or doc made from the file.
  const byFile = new Map<string, string>();
  for (const { file } of input.pages) byFile.set(file.file, pageRoute(file.rel));
  for (const version of input.docVersions) for (const doc of version.docs) byFile.set(doc.file, doc.path);

  for (const { file, source } of input.pages) {
    const path = pageRoute(file.rel);
    const fm = source?.frontMatter ?? {};
    const h1 = source?.headings.find((h) => h.depth === 1)?.text;
    const links = source?.links ?? [];
    const resolved = resolveFileLinks(links, { file: file.file }, { byFile, files: input.files });
    candidates.push({
      path,
      kind: 'page',
      template: 'PlainPage',
      file: file.file,
      body: file.ext === '.tsx' ? { type: 'tsx', file: file.file } : { type: 'mdx', code: source?.code ?? '' },
      links: withResolved(links, resolved),
      unlisted: fm.unlisted === true,
      ...headOf(fm),
      page: {
        path,
        kind: 'page',
        title: fm.title ?? h1 ?? (path === '/' ? config.title : path.slice(1)),
        ...(fm.description ? { description: fm.description } : {}),
        toc: source ? tocOf(source, fm, config) : [],
        hideToc: fm.hide_table_of_contents ?? file.ext === '.tsx',
        ...(file.ext !== '.tsx' && !h1 && fm.title && !fm.hide_title ? { showTitle: true } : {}),
        // A React page lays out its own <main>; Markdown pages get the plain layout.
        data: { custom: file.ext === '.tsx' },
        ...(resolved.size ? { resolvedLinks: Object.fromEntries(resolved) } : {}),
      },
    });
  }

  // Each version has its own tags (under its base), sidebars and pagination (issue 4 item 6).
  const tagged = input.docVersions.map((version) => {
    const tags = collectTags(version.docs, version.plan.base);
    return { version, tags, tagRoutes: buildTagRoutes(tags, version.plan.base) };
  });
  for (const { version, tags, tagRoutes } of tagged)
    candidates.push(...docRoutes({ version, tags, tagRoutes, input, byFile }));
  for (const { version } of tagged) candidates.push(...categoryRoutes(version));
  for (const { tagRoutes } of tagged) candidates.push(...tagRoutes);
  candidates.push(...input.apiRoutes);
  candidates.push({
    path: '/404',
    kind: 'not-found',
    template: 'NotFoundPage',
    body: { type: 'none' },
    links: [],
    unlisted: true,
    page: { path: '/404', kind: 'not-found', title: 'Page Not Found', toc: [], hideToc: true },
  });
  return dedupe(candidates);
}

/** The doc routes of one version; links into the docs resolve within the version where it has the page. */
function docRoutes({
  version,
  tags,
  tagRoutes,
  input,
  byFile,
}: {
  version: DocsVersionContent;
  tags: readonly TagInfo[];
  tagRoutes: readonly Route[];
  input: RouteTableInput;
  byFile: FileLinkTargets['byFile'];
}): Route[] {
  const { config } = input;
  const { plan } = version;
  const tagPath = new Map(tags.map((t) => [t.label, t.path]));
  const neighbours = prevNextBySidebar(version.sidebars, version.docs);
  const byId = new Map(version.docs.map((d) => [d.id, d]));
  /** A doc named by `pagination_prev`/`_next` (docs-versions.ts checked the id; a draft's is left out): null, no link. */
  const named = (id: string | null): PageRef | undefined => {
    const doc = id === null ? undefined : byId.get(id);
    return doc && { title: paginationLabel(doc), path: doc.path };
  };
  const versionPaths = new Set([
    ...version.docs.map((d) => d.path),
    ...version.generatedIndexes.map((g) => g.path),
    ...tagRoutes.map((r) => r.path),
  ]);
  const targets: FileLinkTargets = {
    byFile,
    byRel: new Map(version.docs.map((d) => [d.rel, d.path])),
    files: input.files,
  };
  return version.docs.map((doc): Route => {
    const fm = doc.source.frontMatter;
    // `displayed_sidebar` shows another sidebar (or none, null) than the one the doc is in (docs-versions.ts checked
    // its id).
    const shown = fm.displayed_sidebar === undefined ? version.docSidebar.get(doc.id) : fm.displayed_sidebar;
    const sidebarId = shown && Object.hasOwn(version.sidebars, shown) ? shown : undefined;
    const fromSidebar = neighbours.get(doc.path);
    const prev = fm.pagination_prev === undefined ? fromSidebar?.prev : named(fm.pagination_prev);
    const next = fm.pagination_next === undefined ? fromSidebar?.next : named(fm.pagination_next);
    const editUrl =
      fm.custom_edit_url !== undefined
        ? (fm.custom_edit_url ?? undefined)
        : config.docs.editUrl && `${config.docs.editUrl.replace(/\/$/, '')}/${plan.contentPath}/${doc.rel}`;
    const linkMap = new Map([
      ...resolveVersionLinks({
        links: doc.source.links,
        routeBasePath: config.docs.routeBasePath,
        versionBase: plan.base,
        versionPaths,
      }),
      ...resolveFileLinks(doc.source.links, doc, targets),
    ]);
    return {
      path: doc.path,
      kind: 'doc',
      template: 'DocPage',
      file: doc.file,
      body: { type: 'mdx', code: doc.source.code },
      links: withResolved(doc.source.links, linkMap),
      unlisted: doc.unlisted,
      ...headOf(fm),
      ...(sidebarId && plan.sidebarKeyPrefix ? { sidebarKey: `${plan.sidebarKeyPrefix}${sidebarId}` } : {}),
      page: {
        path: doc.path,
        kind: 'doc',
        title: doc.title,
        ...(fm.description ? { description: fm.description } : {}),
        ...(sidebarId ? { sidebarId } : {}),
        toc: tocOf(doc.source, fm, config),
        hideToc: fm.hide_table_of_contents ?? false,
        ...(fm.hide_title || doc.source.headings.some((h) => h.depth === 1) ? {} : { showTitle: true }),
        tags: (fm.tags ?? []).map((label) => ({ label, path: tagPath.get(label) ?? '' })).filter((t) => t.path),
        ...(prev ? { prev } : {}),
        ...(next ? { next } : {}),
        ...(input.lastUpdated?.get(doc.file) ? { lastUpdated: input.lastUpdated.get(doc.file) as string } : {}),
        ...(editUrl ? { editUrl } : {}),
        ...(linkMap.size ? { resolvedLinks: Object.fromEntries(linkMap) } : {}),
      },
    };
  });
}

/** A body's links as the link check reads them: where the resolved ones lead, the written URL kept for messages. */
const withResolved = (links: SourceLink[], resolved: ReadonlyMap<string, string>): SourceLink[] =>
  resolved.size
    ? links.map((l) => (resolved.has(l.url) ? { ...l, url: resolved.get(l.url) as string, written: l.url } : l))
    : links;

/** Generated category index pages of one version. */
function categoryRoutes(version: DocsVersionContent): Route[] {
  return version.generatedIndexes.map(
    (index): Route => ({
      path: index.path,
      kind: 'category',
      template: 'CategoryPage',
      body: { type: 'none' },
      links: [],
      unlisted: false,
      ...(version.plan.sidebarKeyPrefix ? { sidebarKey: `${version.plan.sidebarKeyPrefix}${index.sidebarId}` } : {}),
      page: {
        path: index.path,
        kind: 'category',
        title: index.title,
        ...(index.description ? { description: index.description } : {}),
        sidebarId: index.sidebarId,
        toc: [],
        data: {
          items: categoryCards(index.items),
        },
      },
    }),
  );
}

/**
 * One route per path. Paths that differ only by case clash too: on a case-insensitive file system (macOS,
 * Windows) they are one folder, so the second page would overwrite the first (issue 20 item 2).
 */
function dedupe(candidates: Route[]): RouteTable {
  const byPath = new Map<string, Route>();
  const byFolded = new Map<string, string>();
  const clashes = new Map<string, Route[]>();
  const diagnostics: Diagnostic[] = [];
  for (const route of candidates) {
    const problem = routePathProblem(route.path);
    if (problem) {
      diagnostics.push(
        error(
          'route-path-unsafe',
          `the route "${excerpt(route.path)}" of ${route.kind} "${excerpt(route.page.title)}" cannot be written: ${problem}`,
          { file: route.file, hint: renameHint(route) },
        ),
      );
      continue;
    }
    const key = byFolded.get(route.path.toLowerCase()) ?? route.path;
    const existing = byPath.get(key);
    if (existing) clashes.set(key, [...(clashes.get(key) ?? [existing]), route]);
    else {
      byPath.set(route.path, route);
      byFolded.set(route.path.toLowerCase(), route.path);
    }
  }
  for (const [path, routes] of clashes) {
    const byCase = routes.some((r) => r.path !== path);
    diagnostics.push(
      warning(
        'route-duplicate',
        `duplicate route "${excerpt(path)}"${byCase ? ' (paths that differ only by case are one folder on macOS and Windows)' : ''}: ${routes.length} sources; the first is kept and the others are not built`,
        {
          file: routes[1]?.file ?? routes[0]?.file,
          related: routes.map((r, i) => ({
            file: r.file ?? '(generated)',
            message: `${i + 1}. ${r.kind} "${excerpt(r.page.title)}"${byCase ? ` at ${excerpt(r.path)}` : ''}`,
          })),
          hint: routes.some((r) => r.kind === 'doc')
            ? 'give one of them a different file name or `slug:` in its front matter'
            : 'give one of them a different file name',
        },
      ),
    );
  }
  return { routes: [...byPath.values()], byPath, diagnostics };
}

function tocOf(source: ProcessedSource, fm: ProcessedSource['frontMatter'], config: PortalConfig) {
  const min = fm.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel;
  const max = fm.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel;
  return source.headings.filter((h) => h.depth >= min && h.depth <= max);
}

function prevNextBySidebar(sidebars: Record<string, SidebarItem[]>, docs: readonly DocEntry[]) {
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const result = new Map<string, { prev?: PageRef; next?: PageRef }>();
  for (const items of Object.values(sidebars)) {
    const links = flattenSidebar(items).filter((l) => byPath.has(l.href));
    // A doc's `pagination_label` names it in its neighbours' links; else the sidebar's label for it.
    const ref = (link: (typeof links)[number]): PageRef => ({
      title: byPath.get(link.href)?.source.frontMatter.pagination_label ?? link.label,
      path: link.href,
    });
    links.forEach((link, i) => {
      if (result.has(link.href)) return;
      const prev = links[i - 1];
      const next = links[i + 1];
      result.set(link.href, { ...(prev ? { prev: ref(prev) } : {}), ...(next ? { next: ref(next) } : {}) });
    });
  }
  return result;
}

/** What a doc is called in another's previous/next link when that one names it: as Docusaurus, its own label first. */
const paginationLabel = (doc: DocEntry): string => doc.source.frontMatter.pagination_label ?? doc.sidebarLabel;

/** The head's keywords and social card image a page's front matter gives (Docusaurus's `keywords`, `image`). */
function headOf(fm: ProcessedSource['frontMatter']): Pick<Route, 'head'> {
  const head = {
    ...(fm.keywords?.length ? { keywords: fm.keywords } : {}),
    ...(fm.image ? { image: fm.image } : {}),
  };
  return Object.keys(head).length ? { head } : {};
}

/** Only docs take their route from a `slug:`; a page's route is its file name. */
const renameHint = (route: Route): string =>
  route.kind === 'doc' ? 'rename the source, or give it a `slug:` of plain names' : 'rename the file';
