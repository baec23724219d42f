import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PageData, SidebarItem, SiteData } from '../../templates/types.js';
import type { Route } from '../routes/route.js';

/** A generated source file of the bundle's input, relative to the generation folder. */
export interface GeneratedFile {
  rel: string;
  contents: string;
}

export interface RouteEntry {
  route: Route;
  /** The route module, relative to the generation folder. */
  rel: string;
}

/** JSON that is safe inside a JS module and inside an inline <script> (issue 8: `</script>`, U+2028/9). */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const templatesDir = path.resolve(import.meta.dirname, '../../templates');
const importPath = (p: string): string => JSON.stringify(p.split(path.sep).join('/'));

/**
 * Bundle stage, part 1 (pure): the modules esbuild bundles. Each route gets a module exporting its page data
 * and template; MDX bodies and sidebars are modules of their own so splitting can share them.
 */
export function generateRouteModules(routes: readonly Route[], sidebars: Record<string, SidebarItem[]>, site: SiteData): { files: GeneratedFile[]; entries: RouteEntry[] } {
  const files: GeneratedFile[] = [];
  const entries: RouteEntry[] = [];
  for (const [id, items] of Object.entries(sidebars)) {
    files.push({ rel: `sidebars/${safeName(id)}.js`, contents: `export default ${jsonValue(items)};\n` });
  }
  files.push({ rel: 'site-data.js', contents: `export default ${safeJson(site)};\n` });
  routes.forEach((route, i) => {
    const name = `r${i}-${safeName(route.path === '/' ? 'index' : route.path.slice(1)).slice(0, 60)}`;
    const rel = `routes/${name}.jsx`;
    const lines: string[] = [];
    if (route.body.type === 'mdx') {
      const mdxRel = `mdx/${createHash('sha1').update(route.body.code).digest('hex').slice(0, 16)}.jsx`;
      files.push({ rel: mdxRel, contents: route.body.code });
      lines.push(`export { default as Content } from ${importPath(`../${mdxRel}`)};`);
    } else if (route.body.type === 'tsx') {
      lines.push(`import * as Page from ${importPath(route.body.file)};`, 'export const Content = Page.default;', 'export const meta = Page.meta;');
    }
    const sidebarId = route.sidebarKey ?? route.page.sidebarId;
    const page: PageData = route.page;
    if (sidebarId && sidebars[sidebarId]) {
      lines.push(`import sidebar from ${importPath(`../sidebars/${safeName(sidebarId)}.js`)};`);
      lines.push(`export const page = { ...${jsonValue(page)}, sidebar };`);
    } else {
      lines.push(`export const page = ${jsonValue(page)};`);
    }
    lines.push(`export { ${route.template} as Template } from ${importPath(path.join(templatesDir, 'pages', `${route.template}.tsx`))};`);
    files.push({ rel, contents: `${lines.join('\n')}\n` });
    entries.push({ route, rel });
  });
  return { files, entries };
}

const safeName = (s: string): string => s.replace(/[^a-zA-Z0-9_-]+/g, '_');

/**
 * Data as `JSON.parse("…")`: esbuild copies a string literal instead of parsing and printing an object
 * literal, which halves the bundle stage for 1,000 API operations (issue 5), and browsers parse JSON faster.
 */
const jsonValue = (value: unknown): string => `JSON.parse(${safeJson(JSON.stringify(value))})`;
