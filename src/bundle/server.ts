import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { PageData, RouteModule, SiteData } from '../../templates/types.js';
import { generatedFilesPlugin } from './generated-files.js';
import type { GeneratedFile, RouteEntry } from './route-modules.js';

/** What the server bundle exports: the route modules in route-table order, and the renderer. */
export interface ServerBundle {
  /** Template, body and meta of each route; the page data stays out of the bundle (render-pages passes it). */
  modules: Array<Omit<RouteModule, 'page'> & { page?: PageData; Template: unknown; meta?: { title?: string; description?: string } }>;
  renderRoute(options: { module: unknown; site: SiteData }): string;
  /** The bundle on disk, so render workers can import it too. */
  file?: string;
}

const templatesDir = path.resolve(import.meta.dirname, '../../templates');

/** Bundle stage, server side: every route module in one Node bundle, imported for rendering. */
export async function buildServer(options: { genDir: string; generated: readonly GeneratedFile[]; entries: readonly RouteEntry[] }): Promise<ServerBundle> {
  const entryFile = path.join(options.genDir, 'server-entry.jsx');
  // Named imports, not `import *`: the route's page data is left out (it is pure, and rendering takes it from
  // the route table), which keeps 1,000 API pages' data out of the bundle, its import and the render worker.
  const lines = options.entries.map((e, i) => `import { ${e.serverExports.map((x) => `${x} as ${x}${i}`).join(', ')} } from ${JSON.stringify(`./${e.rel}`)};`);
  lines.push(`export const modules = [${options.entries.map((e, i) => `{ ${e.serverExports.map((x) => `${x}: ${x}${i}`).join(', ')} }`).join(',\n')}];`);
  lines.push(`export { renderRoute } from ${JSON.stringify(path.join(templatesDir, 'server', 'render.tsx').split(path.sep).join('/'))};`);
  const outfile = path.join(options.genDir, `server-${Date.now()}.mjs`);
  try {
    await esbuild.build({
      entryPoints: [entryFile],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: ['node20'],
      jsx: 'automatic',
      packages: 'external',
      alias: { '@portal/theme': templatesDir },
      plugins: [generatedFilesPlugin(options.genDir, [...options.generated, { rel: 'server-entry.jsx', contents: `${lines.join('\n')}\n` }])],
      define: { 'import.meta.env.SSR': 'true' },
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
      logLevel: 'silent',
    });
  } catch (err) {
    throw bundleError(err);
  }
  const bundle = (await import(pathToFileURL(outfile).href)) as ServerBundle;
  return { modules: bundle.modules, renderRoute: bundle.renderRoute, file: outfile };
}

/** esbuild failures in site pages become errors naming the file and line. */
export function bundleError(err: unknown): Error {
  const failure = err as esbuild.BuildFailure;
  if (!failure.errors?.length) return err as Error;
  const first = failure.errors[0] as esbuild.Message;
  const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}` : '';
  return new Error(`${first.text}${where ? ` (${where})` : ''}`, { cause: err });
}
