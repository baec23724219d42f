import fs from 'node:fs/promises';
import path from 'node:path';
import { apiCategory } from '../apiref/category.js';
import { emptyApi, type ApiContribution } from '../apiref/contribution.js';
import { buildClient } from '../bundle/client.js';
import { manifestFile } from '../bundle/manifest-file.js';
import { generateRouteModules } from '../bundle/route-modules.js';
import { buildServer, bundleError } from '../bundle/server.js';
import type { PortalConfig } from '../config/schema.js';
import { siteLanguages } from '../content/prism.js';
import {
  compileAll,
  compilesEverything,
  isCompiled,
  markCompiled,
  startCompilePool,
  type CompileCache,
  type CompilePool,
} from '../content/compile-pool.js';
import { collectContentFiles } from '../content/content-files.js';
import { loadLastUpdated } from '../content/last-updated.js';
import { scanSite } from '../content/scan-site.js';
import type { StaticFiles } from '../content/scan-static.js';
import { throwOnErrors, type Diagnostic } from '../diagnostics.js';
import { stage, type Logger } from '../log.js';
import type { Interruptible } from '../output/interrupt.js';
import type { OutputFile } from '../output/write.js';
import { buildMachineFiles } from '../publish/index.js';
import { loadBodyCache, saveBodyCache } from '../render/body-disk-cache.js';
import { releaseWrittenPage } from '../render/release-page.js';
import { pageOnRequest, renderPages, type RenderOptions } from '../render/render-pages.js';
import { buildRoutes, type BuildRoutesInput } from '../routes/build-routes.js';
import { checkLinks } from '../routes/link-check.js';
import type { RouteTable } from '../routes/route-table.js';
import { buildSiteSearch } from '../search/site-search.js';
import { searchReadsHtml } from '../search/units.js';
import type { PageRenderer } from '../serve/pending-build.js';
import { keptCompilePool, type PreviewState } from '../serve/preview-state.js';
import { createQuickSite, type QuickSite } from '../serve/quick-site.js';
import { shellKey } from '../serve/shell-key.js';
import type { LiveBuild } from '../../templates/shared/live-update.js';

/**
 * The config of one locale's build (issue 4 item 7): a non-default locale is the same site served under
 * `<baseUrl><locale>/`, so every route path stays as in the default locale and links written as
 * `/docs/intro` lead to the same locale's page. The default locale (or none) leaves the config as it is.
 */
export function localizeConfig(config: PortalConfig, locale: string | undefined): PortalConfig {
  if (!locale || locale === config.i18n.defaultLocale) return config;
  return { ...config, baseUrl: `${config.baseUrl}${locale}/` };
}

/** Every locale the site builds, the default one first, then the others in config order. */
export const localesOf = (config: PortalConfig): Array<string | undefined> => [
  undefined,
  ...config.i18n.locales.filter((l) => l !== config.i18n.defaultLocale),
];

export interface LocaleBuildOptions {
  root: string;
  siteDir: string;
  /** This locale's generation folder (route modules, bundler input). */
  genDir: string;
  /** The site's config, already localized for this locale (see localizeConfig). */
  config: PortalConfig;
  configFile: string;
  /** A non-default locale, built with its translations (`site/i18n/<locale>/`); undefined: the default one. */
  locale: string | undefined;
  statics: StaticFiles;
  cache: CompileCache;
  /**
   * Compile workers started before the config was read, loading the compiler meanwhile (build.ts); this build
   * closes them as its own (or serve keeps them, as any it starts).
   */
  compilePool?: CompilePool | undefined;
  /** `serve`: what the last build left to reuse. */
  preview?: PreviewState | undefined;
  log: Logger;
  openapi?: string | undefined;
  openapiRoot?: string | undefined;
  liveReload?: string | undefined;
  includeDrafts?: boolean | undefined;
  interrupt?: Interruptible | undefined;
  /**
   * `serve`: called once this locale's client side is bundled, before its pages are rendered, with every file an
   * open page needs to show the new build in place (chunks, data chunks, manifest, API files), so the page can
   * take an edit while the rest of the build goes on (issue 16).
   */
  onClientReady?: ((ready: ClientReady) => void) | undefined;
  /**
   * `serve`: aborted when a newer change makes the rest of this build worthless: the build stops at its next safe
   * point (after the client bundle, before the server bundle when open pages have not taken it yet, between render
   * slices, before the checks, the search stage and the write) and throws the signal's reason.
   */
  superseded?: AbortSignal | undefined;
  /** `serve`: called once this locale's server bundle is ready, with a renderer of any of its pages on request. */
  onPagesReady?: ((render: PageRenderer) => void) | undefined;
  /**
   * `serve`'s first build after a fresh start: called once the site is scanned, with pages made one at a time
   * before the build can render any (serve/quick-site.ts); it removes its own folder when closed.
   */
  onQuickSite?: ((quick: QuickSite) => void) | undefined;
  /**
   * Opens the output being written (once the site's sources have passed their checks): files that nothing after
   * them reads (data chunks, most pages) go there as soon as they are made rather than into `files`, so memory
   * does not grow with the site (issue 20).
   */
  openOutput?: (() => Promise<(file: OutputFile, handOver?: boolean) => void>) | undefined;
  /**
   * `portal build`: the files read beyond the site folder and the templates, added to as they are read (the
   * sidebars' imports, the OpenAPI document's files, what the bundles read), for its record (output/last-build.ts).
   */
  reads?: Set<string> | undefined;
  /**
   * The folder where esbuild's results (the bundles, the bundled sidebars) are kept on disk for the next run
   * (bundle-disk-cache.ts); `serve` takes from it only the bundles it has no context for yet (bundle-session.ts).
   */
  bundleCache?: string | undefined;
}

export interface ClientReady {
  /** Paths relative to this locale's base URL, as in LocaleBuild.files. */
  files: OutputFile[];
  live: LiveBuild;
}

export interface LocaleBuild {
  /**
   * Generated files of this locale not given to `emit`, paths relative to its own base URL (static files are not
   * among them). Without `emit`, all of them.
   */
  files: OutputFile[];
  table: RouteTable;
  warnings: Diagnostic[];
  /** With `liveReload`: what open pages of this locale need to take the build in place. */
  live?: LiveBuild | undefined;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;

/** Above this many pages a build renders every body (on two threads) rather than hold them all for the disk cache. */
const MAX_DISK_BODIES = 500;

/**
 * Stages 2–7 of `portal build` for one locale: collect, compile, route table, bundle, render, check, search and
 * machine files. Pure of the output folder: it returns the files and its warnings, and throws PortalError on
 * errors; the caller writes once and reports once for every locale.
 */
export async function buildLocale(o: LocaleBuildOptions): Promise<LocaleBuild> {
  const { config, log } = o;
  const warnings: Diagnostic[] = [];
  /** The compile pool this build started, closed when it ends. */
  let pool: CompilePool | undefined;
  try {
    // 2. Collect: pages and each docs version (a translated build's files in place of the default ones), compiled on worker threads, and the API document
    const languages = siteLanguages(config.prism.additionalLanguages);
    // A first build of the site (none of its docs in the compile cache) compiles everything: one worker starts
    // loading the compiler at once (build.ts starts it before the config). With a cache (any later run) most pages
    // come from it, and that start cost 0.7 s of CPU for nothing (warm portal build: 5.6 s -> 5.2 s).
    const cold = await compilesEverything(o.cache, o.siteDir);
    const start = () => o.compilePool ?? startCompilePool({ languages, initial: cold ? 1 : 0, interrupt: o.interrupt });
    // serve keeps its workers from one rebuild to the next: starting one costs more than compiling an edited doc.
    const compiler = o.preview ? keptCompilePool(o.preview, languages, start) : (pool = start());
    const site = await stage(log, 'scan', () =>
      scanSite({
        siteDir: o.siteDir,
        config,
        configFile: o.configFile,
        locale: o.locale,
        genDir: o.genDir,
        sidebarsImport: {
          reads: o.reads,
          bundleCache: o.bundleCache,
        },
      }),
    );
    // Only when the build compiles everything: with the compile cache warm (a start after `portal build`) the build
    // renders its first page sooner than a page made alone beside it. A doc of the site stands for the others.
    const sample = site.versions[0]?.files[0] ?? site.pages.find((p) => p.ext !== '.tsx');
    if (o.onQuickSite && (cold || (sample && !(await isCompiled(o.cache, compiler, languages, sample))))) {
      const quick = createQuickSite({
        config,
        configFile: o.configFile,
        locale: o.locale,
        site,
        siteDir: o.siteDir,
        statics: o.statics,
        genDir: `${o.genDir}-quick`,
        includeDrafts: o.includeDrafts ?? false,
        apiCategory: config.openapi || o.openapi ? apiCategory(config) : undefined,
        liveReload: o.liveReload ?? '',
        apiConsole: config.openapi?.console?.enabled === true,
        bundleCache: o.bundleCache,
        interrupt: o.interrupt,
        compile: async (source) =>
          (
            await compileAll([source], {
              cache: o.cache,
              interrupt: o.interrupt,
              languages,
              pool: compiler,
              urgent: true,
            })
          )[0],
        hold: (until) => compiler.hold(until),
      });
      o.onQuickSite(quick);
      // A page asked for already (a reader's tab reconnecting, `--open`) is made first, with the machine to itself:
      // beside the compile and the API document it took 1.5-2 s instead of 0.35 s for the portal's home page.
      await new Promise((resolve) => setImmediate(resolve));
      await quick.idle();
    }
    const sources = [...site.pages, ...site.versions.flatMap((v) => v.files)];
    const markdown = sources.filter((s) => s.ext !== '.tsx');
    // git runs while the sources compile: asked about every source, of which the route table reads the docs'.
    const lastUpdatedLoading = config.docs.showLastUpdateTime
      ? stage(log, 'last updated (git log)', () =>
          loadLastUpdated(
            sources.map((s) => s.file),
            o.cache.dir && path.join(o.cache.dir, 'git'),
          ),
        )
      : undefined;
    // The API document is read and validated on this thread while the workers compile: neither needs the other.
    const compiling = stage(log, `compile ${markdown.length} MDX files`, () =>
      compileAll(markdown, { cache: o.cache, interrupt: o.interrupt, languages, pool: compiler }),
    );
    const loadingApi: Promise<ApiContribution> =
      config.openapi || o.openapi
        ? stage(log, 'openapi', async () => {
            const { createApiCache, loadApiCached } = await import('../apiref/api-cache.js');
            const reads = o.reads;
            const options = {
              root: o.root,
              config,
              override: o.openapi,
              openapiRoot: o.openapiRoot,
              ...(reads
                ? {
                    readFile: (file: string) => {
                      reads.add(path.resolve(file));
                      return fs.readFile(file, 'utf8');
                    },
                  }
                : {}),
            };
            // The loader (the parser, validator and their packages) is imported only when the cache misses.
            const load: typeof import('../apiref/load.js').loadApiReference = async (loading) =>
              (await import('../apiref/load.js')).loadApiReference(loading);
            // On disk in the compile cache's folder (one folder to keep between CI runs), and off with it (--no-cache).
            const disk = o.cache.dir ? { dir: path.join(o.cache.dir, 'api') } : undefined;
            return loadApiCached(o.preview?.api ?? createApiCache(), options, load, disk);
          })
        : Promise.resolve(emptyApi);
    // Both settle before either's failure is reported, so nothing runs on after the build has failed.
    const [compiled, loaded] = await Promise.allSettled([compiling, loadingApi]);
    await pool?.close();
    if (compiled.status === 'rejected') throw compiled.reason;
    const processed = compiled.value;
    const processedByFile = new Map(markdown.map((s, i) => [s.file, processed[i]]));
    throwOnErrors(processed.flatMap((p) => p.diagnostics));
    if (cold) await markCompiled(o.cache, o.siteDir);
    if (loaded.status === 'rejected') throw loaded.reason;
    const api = loaded.value;
    log.detail?.(
      `${markdown.length} Markdown and MDX sources, ${sources.length - markdown.length} TSX pages; compile cache ${o.cache.dir ? `in ${o.cache.dir}` : 'in memory only'}`,
    );
    if (api.routes.length)
      log.detail?.(
        `API reference: ${api.routes.filter((r) => r.kind === 'api-operation').length} operations, ${api.routes.filter((r) => r.kind === 'api-tag').length} tags, from ${o.openapi ?? config.openapi?.path}`,
      );
    warnings.push(...throwOnErrors(api.diagnostics));

    // Images and other files the pages link to by their path, copied into the output under a name from their bytes.
    const contentFiles = await collectContentFiles(
      markdown.map((s, i) => ({ file: s.file, links: processed[i]?.links ?? [] })),
      o.siteDir,
    );
    const linkedFiles = [...contentFiles.values()];
    // 3. Route table: each docs version with its own docs and sidebars; navbar items checked against the last one
    const routesInput: BuildRoutesInput = {
      versions: {
        versions: site.versions,
        processed: processedByFile,
        apiItems: api.sidebarItems,
        includeDrafts: o.includeDrafts ?? false,
        sidebarCollapsed: config.docs.sidebarCollapsed,
      },
      table: {
        config,
        pages: site.pages.map((file) => ({ file, source: processedByFile.get(file.file) })),
        apiRoutes: api.routes,
        files: contentFiles,
        lastUpdated: await lastUpdatedLoading,
      },
      configFile: o.configFile,
      locale: o.locale,
    };
    const { versions, siteData, table } = await stage(log, 'routes', () => {
      const built = buildRoutes(routesInput);
      warnings.push(...throwOnErrors(built.diagnostics));
      return { ...built, table: built.table as RouteTable };
    });
    // serve: an edit of one of these docs' bodies is shown from these inputs before the next build (hot-body.ts).
    o.preview?.hotSites.set(config.baseUrl, {
      routes: routesInput,
      byPath: table.byPath,
      sidebars: versions.bundleSidebars,
    });

    // 4–5. Bundle: generated route modules, the client build (per-route chunks and their manifest) and the server build
    const generated = generateRouteModules(table.routes, versions.bundleSidebars, siteData.site, {
      hot: o.liveReload !== undefined,
    });
    const emit = await o.openOutput?.();
    await fs.mkdir(o.genDir, { recursive: true });
    const {
      client,
      server,
      manifest,
      live: clientLive,
    } = await stage(log, 'bundle', async () => {
      const diskCache = o.bundleCache;
      // Data chunks go straight to the output as they are made; an open page taking the build early needs them too.
      const dataChunks: OutputFile[] = [];
      const clientBuild = buildClient({
        genDir: o.genDir,
        generated: generated.files,
        entries: generated.entries,
        minify: true,
        session: o.preview?.bundles,
        diskCache,
        apiConsole: config.openapi?.console?.enabled === true,
        emit:
          emit && o.onClientReady
            ? (f) => {
                dataChunks.push(f);
                emit(f);
              }
            : emit,
      }).then((client) => {
        const manifest = manifestFile(client.manifest, config.baseUrl);
        const live: LiveBuild = {
          base: config.baseUrl,
          shell: shellKey(config, client.manifest),
          manifest: manifest.url,
        };
        o.onClientReady?.({
          files: [...client.files, manifest.file, ...dataChunks, ...api.files, ...linkedFiles],
          live,
        });
        return { client, manifest, live };
      });
      const server = () =>
        buildServer({
          genDir: o.genDir,
          generated: generated.files,
          entries: generated.entries,
          session: o.preview?.bundles,
          diskCache,
        });
      try {
        // Given the cores to itself, the client side an open page waits for is ready sooner (serve); build
        // bundles both at once.
        const [built, serverBundle] = o.onClientReady
          ? await clientBuild.then(async (c) => {
              // Left for a newer change before its early update: its server side would only hold up that change.
              o.superseded?.throwIfAborted();
              return [c, await server()] as const;
            })
          : await Promise.all([clientBuild, server()]);
        return { ...built, server: serverBundle };
      } catch (err) {
        throw bundleError(err, generated.files, o.genDir);
      }
    });

    for (const file of [...client.inputs, ...(server.inputs ?? [])]) o.reads?.add(file);
    log.detail?.(
      `client: ${client.files.length} files, ${kib(client.files.reduce((n, f) => n + f.contents.byteLength, 0))}; server bundle for ${server.modules.size} routes`,
    );

    const live = o.liveReload ? clientLive : undefined;

    // 6. Render (serve answers pages asked for meanwhile from the same bundle, one at a time)
    const renderOptions: RenderOptions = {
      pages: generated.entries,
      bundle: server,
      site: siteData.site,
      manifest: client.manifest,
      manifestUrl: manifest.url,
      config,
      liveReload: o.liveReload && live ? { url: o.liveReload, shell: live.shell } : undefined,
      firstVisit: o.liveReload ? undefined : client.firstVisit,
    };
    o.onPagesReady?.(pageOnRequest(renderOptions));
    o.superseded?.throwIfAborted();
    const rendered = await stage(log, `render ${table.routes.length} pages`, async () => {
      // `build` keeps the bodies on disk for its next run; not for a large site, whose bodies all stay in memory then.
      const diskBodies =
        !o.preview && o.cache.dir && server.codeHash && table.routes.length <= MAX_DISK_BODIES
          ? await loadBodyCache(path.join(o.cache.dir, 'bodies'), o.siteDir, o.locale)
          : undefined;
      const done = await renderPages({
        ...renderOptions,
        bodyCache: o.preview?.bodies ?? diskBodies,
        signal: o.superseded,
        emit,
        // Kept for the search stage, which reads their text; an operation's search entry comes from its data.
        keep: searchReadsHtml,
        // serve keeps its API reference for the next rebuild: its pages' data must stay whole.
        release: o.preview ? undefined : releaseWrittenPage,
      });
      if (diskBodies) await saveBodyCache(diskBodies);
      return done;
    });

    o.superseded?.throwIfAborted();
    // 7. Check: broken links fail the build, broken anchors warn
    const staticFiles = new Set(o.statics.paths);
    for (const f of [...api.files, ...linkedFiles]) staticFiles.add(`/${f.path}`);
    const linkDiagnostics = await stage(log, 'check links', () =>
      checkLinks({
        routes: table.routes,
        idsByPath: rendered.idsByPath,
        staticFiles,
        configLinks: siteData.links,
        configFile: path.join(o.siteDir, 'portal.config.ts'),
        baseUrl: config.baseUrl,
        // A preview swaps the reference: the guides' links into the one it replaced warn, grouped per file (issue 14).
        replacedReference: o.openapi ? (config.openapi?.routeBasePath ?? '/docs/api') : undefined,
      }),
    );
    warnings.push(...throwOnErrors([...warnings, ...linkDiagnostics]));

    o.superseded?.throwIfAborted();
    // 7a. Search index and files for machines: sitemap, robots, llms.txt, Markdown sources (issue 7)
    const sourceText = new Map(sources.map((s) => [s.file, s.text]));
    const published = await stage(log, 'search index, sitemap, llms.txt', async () => [
      ...(await buildSiteSearch(
        {
          routes: table.routes,
          documents: rendered.files,
          trailingSlash: config.trailingSlash,
          versions: siteData.site.versions,
        },
        o.cache.dir && path.join(o.cache.dir, 'search'),
      )),
      ...buildMachineFiles({
        routes: table.routes,
        config,
        site: siteData.site,
        sidebars: versions.last.sidebars,
        sourceOf: (f) => sourceText.get(f),
        locale: o.locale,
      }),
    ]);

    // With emit, every page went there already; those kept were for the search stage only.
    const files = [
      ...client.files,
      manifest.file,
      ...(emit ? [] : [...rendered.files, ...rendered.chunks]),
      ...api.files,
      ...linkedFiles,
      ...published,
    ];
    return { files, table, warnings, live };
  } finally {
    await pool?.close();
  }
}
