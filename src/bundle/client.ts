import path from 'node:path';
import type * as esbuild from 'esbuild';
import { bundleInputs } from './bundle-disk-cache.js';
import { runBundle, type BundleSession } from './bundle-session.js';
import { dataChunk, dataChunkImports } from './data-chunk.js';
import type { FirstVisitRecipe } from './first-visit-data.js';
import { buildLiquidWorker } from './liquid-worker.js';
import type { GeneratedFile, RouteEntry } from './route-modules.js';
import { THEME_ALIASES } from './theme-aliases.js';

/** Where client assets live in the output, under the base URL. */
export const ASSETS_DIR = '_portal';

export interface AssetManifest {
  runtime: string;
  css: string;
  /**
   * route path -> its chunk and every chunk it statically imports (for modulepreload); `firstVisit`, for a
   * Markdown-only page, is what its own HTML loads instead (route-modules.ts).
   */
  routes: Record<string, RouteAssets & { firstVisit?: RouteAssets }>;
  /** Static imports of the runtime, preloaded on every page. */
  runtimeImports: string[];
}

export interface RouteAssets {
  chunk: string;
  imports: string[];
}

export interface ClientBuildResult {
  files: Array<{ path: string; contents: Uint8Array }>;
  manifest: AssetManifest;
  /** By route path, for data routes whose template adopts: what their first-visit chunk is made with at render. */
  firstVisit: Map<string, FirstVisitRecipe>;
  metafile: esbuild.Metafile;
  /** Every file read from disk, the Try it worker's included (bundle-disk-cache.ts, bundleInputs). */
  inputs: string[];
}

const templatesDir = path.resolve(import.meta.dirname, '../../templates');

/**
 * Bundle stage, client side: one esbuild build with the runtime, the stylesheet and one entry per route;
 * `splitting` shares React, the shell and templates; the metafile becomes the route → chunk manifest.
 */
export async function buildClient(options: {
  genDir: string;
  generated: readonly GeneratedFile[];
  entries: readonly RouteEntry[];
  minify: boolean;
  session?: BundleSession | undefined;
  /** `build`: the folder of bundle-disk-cache.ts. */
  diskCache?: string | undefined;
  /** `openapi.console.enabled`: off, the console's code is dead and esbuild leaves out its chunk (issue 19). */
  apiConsole?: boolean | undefined;
  /** Given, data chunks go here as they are made instead of into the result (the build writes them at once). */
  emit?: ((file: { path: string; contents: Uint8Array }) => void) | undefined;
}): Promise<ClientBuildResult> {
  const outdir = path.join(options.genDir, 'client-out');
  const runtimeEntry = path.join(templatesDir, 'client', 'entry.tsx');
  const cssEntry = path.join(templatesDir, 'shell', 'styles.css');
  const liquidWorker = await buildLiquidWorker({ minify: options.minify, diskCache: options.diskCache });
  const result = await runBundle(
    { session: options.session, diskCache: options.diskCache },
    'client',
    options.genDir,
    options.generated,
    {
      entryPoints: [
        runtimeEntry,
        cssEntry,
        // Routes of one template and sidebar share one module when they have no body (route-modules.ts).
        ...[...new Set(options.entries.flatMap((e) => [e.rel, ...(e.firstVisitRel ? [e.firstVisitRel] : [])]))].map(
          (rel) => path.join(options.genDir, rel),
        ),
      ],
      outdir,
      outbase: options.genDir,
      // Hashes cover input paths relative to the working directory; from inside the generation folder (whose own
      // name changes per build) they stay the same, so unchanged content keeps its file names across builds.
      absWorkingDir: options.genDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022'],
      minify: options.minify,
      metafile: true,
      write: false,
      jsx: 'automatic',
      // ESM bindings of React's JSX runtime: shorter calls than through CommonJS interop (templates/client/jsx).
      jsxImportSource: '@portal/theme/client/jsx',
      entryNames: '[name]-[hash]',
      chunkNames: 'c/[name]-[hash]',
      assetNames: 'a/[name]-[hash]',
      alias: { ...THEME_ALIASES },
      define: {
        'process.env.NODE_ENV': '"production"',
        'import.meta.env.SSR': 'false',
        PORTAL_LIQUID_WORKER: JSON.stringify(liquidWorker.name),
        PORTAL_API_CONSOLE: JSON.stringify(options.apiConsole === true),
      },
      nodePaths: [path.resolve(import.meta.dirname, '../../node_modules')],
      legalComments: 'none',
      logLevel: 'silent',
      loader: { '.svg': 'file', '.png': 'file' },
    },
  );
  const metafile = result.metafile;
  const rel = (abs: string) => path.relative(outdir, abs).split(path.sep).join('/');
  // Metafile paths are relative to absWorkingDir.
  const fromMeta = (p: string) => path.resolve(options.genDir, p);
  const outputs = Object.entries(metafile.outputs);
  const byEntry = new Map(
    outputs.filter(([, o]) => o.entryPoint).map(([file, o]) => [fromMeta(o.entryPoint as string), file]),
  );
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return [...seen];
  };
  const outFile = (entry: string): string => {
    const file = byEntry.get(path.resolve(entry));
    if (!file) throw new Error(`esbuild produced no output for ${entry}`);
    return file;
  };
  const toUrlPath = (file: string) => `${ASSETS_DIR}/${rel(fromMeta(file))}`;
  const runtimeFile = outFile(runtimeEntry);
  const cssFile = outputs.find(
    ([file, o]) => file.endsWith('.css') && o.entryPoint && fromMeta(o.entryPoint) === cssEntry,
  )?.[0];
  const runtimeImportSet = new Set(staticImports(runtimeFile));
  const manifest: AssetManifest = {
    runtime: toUrlPath(runtimeFile),
    css: cssFile ? toUrlPath(cssFile) : '',
    runtimeImports: [...runtimeImportSet].map(toUrlPath),
    routes: {},
  };
  // Once per module: the API pages of one template (hundreds) share it.
  const assetsByRel = new Map<string, RouteAssets>();
  const assetsOf = (rel: string): RouteAssets => {
    const known = assetsByRel.get(rel);
    if (known) return known;
    const file = outFile(path.join(options.genDir, rel));
    const assets = {
      chunk: toUrlPath(file),
      imports: staticImports(file)
        .filter((f) => !runtimeImportSet.has(f) && f !== runtimeFile)
        .map(toUrlPath),
    };
    assetsByRel.set(rel, assets);
    return assets;
  };
  const dataChunks: Array<{ path: string; contents: Uint8Array }> = [];
  const firstVisit = new Map<string, FirstVisitRecipe>();
  // serve only, and not for a huge API: the chunks kept would double what its page data holds in memory.
  const dataRoutes = options.entries.filter((e) => e.dataRoute).length;
  const memo = options.session && dataRoutes <= MEMO_MAX_DATA_ROUTES ? options.session.dataChunks : undefined;
  const byUrlPath = new Map(result.outputFiles.map((f) => [`${ASSETS_DIR}/${rel(f.path)}`, f]));
  const codeOf = (urlPath: string): string | undefined => byUrlPath.get(urlPath)?.text;
  // A template module whose output is its own few lines (imports of shared chunks) is taken into each data chunk,
  // saving the page a request. One holding a template's code (a tag page's: templates/pages/page-kit.ts) or data
  // stays a file of its own: copied, every prefetch of one of its pages would download it again.
  const ownLinesOnly = new Map<string, boolean>();
  const templateCodeOf = (rel: string, chunk: string): string | undefined => {
    let own = ownLinesOnly.get(rel);
    if (own === undefined) {
      const inputs = metafile.outputs[outFile(path.join(options.genDir, rel))]?.inputs ?? {};
      own = Object.entries(inputs).every(([input, { bytesInOutput }]) => input === rel || bytesInOutput === 0);
      ownLinesOnly.set(rel, own);
    }
    return own ? codeOf(chunk) : undefined;
  };
  for (const entry of options.entries) {
    if (entry.dataRoute) {
      // Its chunk: the page data beside the template module every route of its kind shares.
      const shared = assetsOf(entry.rel);
      const recipe = {
        name: entry.dataRoute.chunkName,
        templateFile: path.posix.basename(shared.chunk),
        templateCode: templateCodeOf(entry.rel, shared.chunk),
        sidebar: entry.dataRoute.sidebar,
      };
      const chunk = dataChunkOnce(memo, entry.route.page, { ...recipe, page: entry.page });
      const chunkPath = `${path.posix.dirname(shared.chunk)}/${chunk.file}`;
      const file = { path: chunkPath, contents: chunk.contents };
      if (options.emit) options.emit(file);
      else dataChunks.push(file);
      manifest.routes[entry.route.path] = {
        chunk: chunkPath,
        imports: dataChunkImports(chunk.inlined, shared),
      };
      if (entry.dataRoute.adopts && dataRoutes <= FIRST_VISIT_MAX_DATA_ROUTES) {
        firstVisit.set(entry.route.path, { ...recipe, chunk: chunkPath, template: shared });
      }
      continue;
    }
    manifest.routes[entry.route.path] = {
      ...assetsOf(entry.rel),
      ...(entry.firstVisitRel ? { firstVisit: assetsOf(entry.firstVisitRel) } : {}),
    };
  }
  return {
    files: [
      ...result.outputFiles.map((f) => ({ path: `${ASSETS_DIR}/${rel(f.path)}`, contents: f.contents })),
      ...dataChunks,
      { path: `${ASSETS_DIR}/${liquidWorker.name}`, contents: liquidWorker.contents },
    ],
    manifest,
    firstVisit,
    metafile,
    // Its paths are relative to the generation folder, the working folder given above.
    inputs: [...bundleInputs(metafile, options.genDir, { absWorkingDir: options.genDir }), ...liquidWorker.inputs],
  };
}

/**
 * Above this many data routes no first-visit chunks are made (render-pages.ts): each costs its page about 1.5 ms of
 * the build and 24 KB of output (10,000 operations: 16 s of CPU against a 120 s budget, issue 20), while such a
 * reference's first visit is its sidebar's chunk above all (80 KB gzip for 10,000 operations).
 */
const FIRST_VISIT_MAX_DATA_ROUTES = 2000;

/** Above this many data routes, serve encodes their chunks again on each rebuild rather than keep them all. */
const MEMO_MAX_DATA_ROUTES = 2000;

/**
 * A data chunk made again only when something it is made of changed. `serve` keeps the API reference between
 * rebuilds, so its operation pages keep their page data objects: encoding and hashing their data again on every
 * save of a doc was ~80 ms of the client bundle stage on the portal. Keyed on the page data object (serve never
 * changes it) and on everything else the chunk holds; without a memo (`build`), made as before.
 */
function dataChunkOnce(
  memo: BundleSession['dataChunks'] | undefined,
  data: object,
  options: Parameters<typeof dataChunk>[0],
): ReturnType<typeof dataChunk> {
  if (!memo) return dataChunk(options);
  const key = JSON.stringify([options.name, options.templateFile, options.templateCode, options.sidebar]);
  const known = memo.get(data);
  if (known?.key === key) return known.chunk;
  const chunk = dataChunk(options);
  memo.set(data, { key, chunk });
  return chunk;
}
