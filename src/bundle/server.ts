import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { RouteModule, SiteData } from '../../templates/shared/types.js';
import { type Diagnostic, error, PortalError } from '../diagnostics.js';
import { serverStaticContentModule } from '../content/static-content-module.js';
import { bundleInputs } from './bundle-disk-cache.js';
import { runBundle, type BundleSession } from './bundle-session.js';
import { loadCommonJs } from './load-bundle.js';
import type { GeneratedFile, RouteEntry } from './route-modules.js';
import { DOCUSAURUS_COMPONENTS, THEME_ALIASES } from './theme-aliases.js';

/** What the server bundle holds of one route: its template, body and meta, not its page data (the render stage passes that). */
export type ServerModule = Omit<RouteModule, 'page'> & {
  Template: unknown;
  meta?: { title?: string; description?: string };
};

/** What the server bundle exports: the route modules by route path, and the renderer. */
export interface ServerBundle {
  modules: ReadonlyMap<string, ServerModule>;
  renderRoute(options: { module: unknown; site: SiteData }): string;
  /** Hands a loaded instance the trees of Markdown-only pages, which stay out of the bundle (serverStaticContentModule). */
  registerStaticTrees(trees: Readonly<Record<string, string>>): void;
  /** Those trees, for each thread that loads the bundle (render-worker.ts); this instance has them already. */
  staticTrees: Readonly<Record<string, string>>;
  /** The bundle on disk, so render workers can import it too. */
  file?: string;
  /** With a session (serve): a hash of the bundle's code apart from the generated page modules (templates, site pages). */
  codeHash?: string;
  /** Every file read from disk (bundle-disk-cache.ts, bundleInputs). */
  inputs?: string[];
}

const templatesDir = path.resolve(import.meta.dirname, '../../templates');

/** Bundle stage, server side: every route module in one Node bundle (CommonJS: see loadCommonJs), loaded for rendering. */
export async function buildServer(options: {
  genDir: string;
  generated: readonly GeneratedFile[];
  entries: readonly RouteEntry[];
  session?: BundleSession | undefined;
  /** `build`: the folder of bundle-disk-cache.ts; with it, the bundle's codeHash is given too (for the body cache). */
  diskCache?: string | undefined;
}): Promise<ServerBundle> {
  const entryFile = path.join(options.genDir, 'server-entry.jsx');
  // Named imports, not `import *`: the route's page data is left out (it is pure, and rendering takes it from
  // the route table), which keeps 1,000 API pages' data out of the bundle, its import and the render worker.
  // One import per module: routes without a body share their template's (route-modules.ts).
  const moduleIndex = new Map<string, number>();
  const lines: string[] = [];
  for (const e of options.entries) {
    if (moduleIndex.has(e.rel)) continue;
    const i = moduleIndex.size;
    moduleIndex.set(e.rel, i);
    lines.push(
      `import { ${e.serverExports.map((x) => `${x} as ${x}${i}`).join(', ')} } from ${JSON.stringify(`./${e.rel}`)};`,
    );
  }
  // Keyed by route path, the name every stage knows a route by; `${x}${i}` only names the imports apart.
  lines.push(
    `export const modules = new Map([${options.entries
      .map((e) => {
        const i = moduleIndex.get(e.rel) as number;
        return `[${JSON.stringify(e.route.path)}, { ${e.serverExports.map((x) => `${x}: ${x}${i}`).join(', ')} }]`;
      })
      .join(',\n')}]);`,
  );
  lines.push(
    `export { renderRoute } from ${JSON.stringify(path.join(templatesDir, 'server', 'render.tsx').split(path.sep).join('/'))};`,
  );
  // One name per generation folder: a session's context keeps writing it; each load below is a new instance.
  const outfile = path.join(options.genDir, 'server.cjs');
  lines.push(
    `export { registerStaticTrees } from ${JSON.stringify(path.join(templatesDir, 'server', 'static-content.tsx').split(path.sep).join('/'))};`,
  );
  // Markdown-only bodies in their server form: a stub, the tree handed over at load (serverStaticContentModule).
  const staticTrees: Record<string, string> = {};
  const generated = [
    ...options.generated.map((f) => {
      const server = f.rel.startsWith('mdx/') ? serverStaticContentModule(f.contents, f.rel) : undefined;
      if (!server) return f;
      staticTrees[f.rel] = server.tree;
      return { ...f, contents: server.module };
    }),
    { rel: 'server-entry.jsx', contents: `${lines.join('\n')}\n` },
  ];
  let inputs: string[] = [];
  try {
    const bundleOptions: esbuild.BuildOptions & { metafile: true } = {
      entryPoints: [entryFile],
      outfile,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: ['node20'],
      jsx: 'automatic',
      packages: 'external',
      alias: { ...THEME_ALIASES },
      define: { 'import.meta.env.SSR': 'true', PORTAL_LIQUID_WORKER: '""', PORTAL_API_CONSOLE: 'false' },
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
      logLevel: 'silent',
      metafile: true,
    };
    const result = await runBundle(
      { session: options.session, diskCache: options.diskCache },
      'server',
      options.genDir,
      generated,
      bundleOptions,
    );
    inputs = bundleInputs(result.metafile, options.genDir, bundleOptions);
  } catch (err) {
    throw bundleError(err, options.generated);
  }
  const bundle = loadCommonJs(outfile) as ServerBundle;
  bundle.registerStaticTrees(staticTrees);
  const codeHash = options.session || options.diskCache ? await hashCode(inputs) : undefined;
  return {
    modules: bundle.modules,
    renderRoute: bundle.renderRoute,
    registerStaticTrees: bundle.registerStaticTrees,
    staticTrees,
    file: outfile,
    inputs,
    ...(codeHash ? { codeHash } : {}),
  };
}

/**
 * The bytes of every input that is a file of its own (templates, site pages, their imports), not a generated module:
 * `inputs` as bundleInputs lists them, absolute, sorted, the generation folder left out.
 */
async function hashCode(inputs: readonly string[]): Promise<string> {
  const hash = createHash('sha1');
  for (const [file, bytes] of await Promise.all(
    inputs.map(async (f) => [f, await fs.readFile(f).catch(() => Buffer.from('missing'))] as const),
  ))
    hash.update(file).update('\0').update(bytes);
  return hash.digest('hex');
}

/** At most this many bundling errors are reported: one bad import in a shared file can fail many pages. */
const MAX_BUNDLE_ERRORS = 10;

/**
 * esbuild failures in site pages become Diagnostics naming the file, line and column, like config errors. esbuild
 * counts columns in UTF-8 bytes; editors (and every other Diagnostic) count UTF-16 code units.
 */
export function bundleError(
  err: unknown,
  generated: readonly GeneratedFile[] = [],
  /** esbuild names files relative to its working directory: the generation folder for the client build. */
  workingDir = process.cwd(),
): Error {
  const failure = err as esbuild.BuildFailure;
  if (!failure.errors?.length) return err as Error;
  const diagnostics: Diagnostic[] = failure.errors.slice(0, MAX_BUNDLE_ERRORS).map((m) => {
    // An aliased import (`@theme/...`, `@portal/theme/...`) as the page wrote it, not the templates' path it became.
    const text = m.text.replace(/^Could not resolve "[^"]*" \(originally ("[^"]+")\)/, 'Could not resolve $1');
    const loc = m.location;
    const page = loc ? generated.find((g) => g.source && loc.file.endsWith(g.rel)) : undefined;
    const at =
      page?.source && loc
        ? { file: page.source, ...locateInPage(page.source, loc.lineText, text) }
        : loc
          ? {
              file: path.resolve(workingDir, loc.file),
              line: loc.line,
              column: Buffer.from(loc.lineText, 'utf8').subarray(0, loc.column).toString('utf8').length + 1,
            }
          : {};
    const unresolved = /^Could not resolve/.test(text);
    return error(unresolved ? 'import-unresolved' : 'bundle-failed', text, {
      ...at,
      hint: !unresolved
        ? 'fix the code at this line'
        : /^Could not resolve "@(?:theme|docusaurus)\//.test(text)
          ? `of Docusaurus's modules the portal has ${DOCUSAURUS_COMPONENTS.slice(0, -1).join(', ')} and ${DOCUSAURUS_COMPONENTS.at(-1)}; write the others' content in Markdown or as a component of the site`
          : 'check the import path: imports resolve to files in the site folder or to installed packages',
    });
  });
  return new PortalError(diagnostics, { cause: err });
}

/**
 * Where an error in a page's compiled code lies in the page itself: the line holding the import's specifier (the
 * compiled code keeps it verbatim), column in UTF-16 code units. Unknown when the page cannot be read.
 */
function locateInPage(file: string, compiledLine: string, text: string): { line?: number; column?: number } {
  const specifier = /"([^"]+)"/.exec(text)?.[1];
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const lines = source.split(/\r?\n/);
  const needle = specifier ?? compiledLine.trim();
  for (let i = 0; i < lines.length; i++) {
    const col = (lines[i] as string).indexOf(needle);
    if (col >= 0) return { line: i + 1, column: col + 1 };
  }
  return {};
}
