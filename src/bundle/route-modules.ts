import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PageData, SidebarItem, SiteData } from '../../templates/shared/types.js';
import { isStaticContentModule } from '../content/static-content-module.js';
import type { Route, TemplateName } from '../routes/route.js';
import { jsonExpression, safeJson } from '../safe-json.js';

/** A generated source file of the bundle's input, relative to the generation folder. */
export interface GeneratedFile {
  rel: string;
  contents: string;
  /** The page it was compiled from, so bundling errors name the page rather than the generated file. */
  source?: string | undefined;
}

/** A route with its page data as its chunk exports it (sidebar included): server rendering takes it from memory. */
export interface RoutePage {
  route: Route;
  page: PageData;
}

/** One route's generated module: what the bundlers make of it, and the page data the render stage passes in. */
export interface RouteEntry extends RoutePage {
  /** The route module, relative to the generation folder. */
  rel: string;
  /** Its exports besides `page`: what the server bundle imports (it gets the page data from memory). */
  serverExports: string[];
  /**
   * For a Markdown-only page: the module its own HTML loads instead, the same without the body's data
   * (its Content adopts the body from the HTML, templates/pages/static-content.tsx). Client bundle only.
   */
  firstVisitRel?: string;
  /**
   * A route with no body of its own (API pages, category and tag pages): `rel` is then the template module it
   * shares with every route of the same template and sidebar, and its chunk, named `chunkName`, is its page data
   * importing that module, written by client.ts (dataChunk) without passing 70 KB of JSON per API operation
   * through esbuild twice (issue 20: 10,000 operations).
   */
  dataRoute?: { chunkName: string; sidebar: boolean; adopts: boolean };
}

/**
 * The kit each template is taken from (templates/pages/page-kit.ts): its exported name and file, and whether it
 * has `adoptFromDocument` (templates/api/adopt.ts: its pages' first visit takes rendered HTML back as data). Pages
 * with a body share the page kit; a page without one gets its own kind's, so it loads no other kind's templates.
 */
const KITS: Record<TemplateName, [name: string, file: string, adopts?: true]> = {
  DocPage: ['pageKit', 'page-kit.ts'],
  PlainPage: ['pageKit', 'page-kit.ts'],
  CategoryPage: ['categoryKit', 'category-kit.ts'],
  TagPage: ['tagKit', 'tag-kit.ts'],
  TagsIndexPage: ['tagsIndexKit', 'tags-index-kit.ts'],
  NotFoundPage: ['notFoundKit', 'not-found-kit.ts'],
  ApiOperationPage: ['apiKit', 'api-kit.ts', true],
  ApiTagPage: ['apiTagKit', 'api-tag-kit.ts', true],
  ApiIntroPage: ['apiIntroKit', 'api-intro-kit.ts', true],
};

const templatesDir = path.resolve(import.meta.dirname, '../../templates');
const importPath = (p: string): string => JSON.stringify(p.split(path.sep).join('/'));

/**
 * Bundle stage, part 1 (pure): the modules esbuild bundles. Each route gets a module exporting its page data
 * and template; MDX bodies and sidebars are modules of their own so splitting can share them.
 */
export function generateRouteModules(
  routes: readonly Route[],
  sidebars: Record<string, SidebarItem[]>,
  site: SiteData,
  options: {
    /**
     * `portal serve`: each page-kit route also exports the Markdown template as `hotContent`, with which an open
     * page shows a doc's edited body before the rebuild (src/serve/hot-body.ts).
     */
    hot?: boolean;
  } = {},
): { files: GeneratedFile[]; entries: RouteEntry[] } {
  const files: GeneratedFile[] = [];
  const entries: RouteEntry[] = [];
  for (const [id, items] of Object.entries(sidebars)) {
    files.push({
      rel: `sidebars/${safeName(id)}.js`,
      contents: `export default ${jsonExpression(forBrowser(items))};\n`,
    });
  }
  files.push({ rel: 'site-data.js', contents: `export default ${safeJson(site)};\n` });
  const templateModules = new Set<string>();
  routes.forEach((route, i) => {
    const name = `r${i}-${safeName(route.path === '/' ? 'index' : route.path.slice(1)).slice(0, 60)}`;
    const sidebarId = route.sidebarKey ?? route.page.sidebarId;
    const page: PageData = route.page;
    const sidebar = sidebarId ? sidebars[sidebarId] : undefined;
    // From a kit, not the template's own module: fewer, larger shared chunks (templates/pages/page-kit.ts).
    const [kit, kitFile, adopts = false] = KITS[route.template];
    const kitImport = `import { ${kit} } from ${importPath(path.join(templatesDir, 'pages', kitFile))};`;
    const sidebarImport = sidebar
      ? `import sidebar from ${importPath(`../sidebars/${safeName(sidebarId as string)}.js`)};`
      : undefined;
    const pageWithSidebar = sidebar ? { ...page, sidebar } : page;
    if (route.body.type === 'none') {
      const rel = `routes/t-${route.template}${sidebar ? `-${safeName(sidebarId as string)}` : ''}.jsx`;
      if (!templateModules.has(rel)) {
        templateModules.add(rel);
        const lines = [kitImport, `export const Template = ${kit}.${route.template};`];
        if (adopts) lines.push(`export const adoptFromDocument = ${kit}.adoptFromDocument;`);
        if (sidebarImport) lines.push(sidebarImport, 'export { sidebar };');
        files.push({ rel, contents: `${lines.join('\n')}\n` });
      }
      entries.push({
        route,
        page: pageWithSidebar,
        rel,
        serverExports: ['Template'],
        dataRoute: { chunkName: name, sidebar: sidebar !== undefined, adopts },
      });
      return;
    }
    const rel = `routes/${name}.jsx`;
    const lines: string[] = [];
    const serverExports = ['Template'];
    let contentLine: string | undefined;
    if (route.body.type === 'mdx') {
      const mdxRel = `mdx/${createHash('sha1').update(route.body.code).digest('hex').slice(0, 16)}.jsx`;
      files.push({ rel: mdxRel, contents: route.body.code, source: route.file });
      contentLine = `export { default as Content } from ${importPath(`../${mdxRel}`)};`;
      lines.push(contentLine);
      serverExports.push('Content');
    } else {
      lines.push(
        `import * as Page from ${importPath(route.body.file)};`,
        'export const Content = Page.default;',
        'export const meta = Page.meta;',
      );
      serverExports.push('Content', 'meta');
    }
    // Marked pure, so the server bundle (which imports everything but `page`) drops the data (issue 5 budget).
    if (sidebarImport) {
      lines.push(sidebarImport);
      lines.push(`export const page = /* @__PURE__ */ Object.assign(${jsonExpression(page)}, { sidebar });`);
    } else {
      lines.push(`export const page = ${jsonExpression(page)};`);
    }
    lines.push(kitImport, `export const Template = ${kit}.${route.template};`);
    if (options.hot && kit === 'pageKit') lines.push(`export const hotContent = ${kit}.staticContent;`);
    files.push({ rel, contents: `${lines.join('\n')}\n` });
    const entry: RouteEntry = { route, page: pageWithSidebar, rel, serverExports };
    if (contentLine && route.body.type === 'mdx' && kit === 'pageKit' && isStaticContentModule(route.body.code)) {
      const firstVisitRel = `routes/${name}.first.jsx`;
      const firstVisit = [
        ...lines.filter((l) => l !== contentLine),
        `export const Content = ${kit}.ServerRenderedContent;`,
      ];
      files.push({ rel: firstVisitRel, contents: `${firstVisit.join('\n')}\n` });
      entry.firstVisitRel = firstVisitRel;
    }
    entries.push(entry);
  });
  return { files, entries };
}

/**
 * Sidebar items as pages need them: doc ids only serve the build (version data, navbar checks), and on a
 * 1,000-page sidebar they are a third of the chunk every doc page loads.
 */
function forBrowser(items: readonly SidebarItem[]): SidebarItem[] {
  return items.map((item) => {
    if (item.type === 'category') return { ...item, items: forBrowser(item.items) };
    const { docId: _docId, ...link } = item;
    return link;
  });
}

const safeName = (s: string): string => s.replace(/[^a-zA-Z0-9_-]+/g, '_');
