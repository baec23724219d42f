import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import pc from 'picocolors';
import { emptyApi, type ApiContribution } from '../apiref/contribution.js';
import { buildClient, ASSETS_DIR } from '../bundle/client.js';
import { generateRouteModules } from '../bundle/route-modules.js';
import { buildServer, bundleError } from '../bundle/server.js';
import { loadConfig } from '../config/load.js';
import type { PortalConfig } from '../config/schema.js';
import { compileAll, createCompileCache, startCompilePool, type CompileCache, type CompilePool } from '../content/compile-pool.js';
import { scanSite } from '../content/scan-site.js';
import { PortalError, throwOnErrors, type Diagnostic } from '../diagnostics.js';
import { consoleLogger, reportDiagnostics, stage, type Logger } from '../log.js';
import { writeOutput, type OutputFile } from '../output/write.js';
import type { Interruptible } from '../output/interrupt.js';
import { renderPages } from '../render/render-pages.js';
import { buildDocsVersions } from '../routes/docs-versions.js';
import { checkLinks } from '../routes/link-check.js';
import { buildRouteTable, type RouteTable } from '../routes/route-table.js';
import { buildSiteData } from '../routes/site-data.js';
import { loadLastUpdated } from '../content/last-updated.js';
import { buildOtherLocales, localizeConfig } from './build-locales.js';
import { buildMachineFiles } from '../publish/index.js';
import { buildSiteSearch } from '../search/site-search.js';

export interface BuildOptions {
  /** Folder holding site/ and openapi/; defaults to the current directory. */
  root: string;
  siteDir?: string;
  outDir?: string;
  baseUrl?: string;
  /** Build the API reference from this document instead of the configured one. */
  openapi?: string;
  /** `--openapi-root`: the folder external `$ref`s may reach, relative to the root (wins over openapi.root). */
  openapiRoot?: string;
  /** false: return the files without touching the output folder (tests, `check`). */
  write?: boolean;
  log?: Logger;
  /** Reused across rebuilds by `serve`; a fresh one per run otherwise. */
  cache?: CompileCache;
  /** Disk cache of compiled MDX; off for cold benchmarks. */
  diskCache?: boolean;
  /** `serve` injects its live-reload endpoint. */
  liveReload?: string;
  includeDrafts?: boolean;
  /** The CLI's signal handling (issue 8): temporary folders are removed and the write stops safely on SIGINT/SIGTERM. */
  interrupt?: Interruptible | undefined;
  /** Build this non-default locale only (under `/<locale>/`); unset builds the default locale, then the others. */
  locale?: string | undefined;
}

export interface BuildResult {
  files: OutputFile[];
  table: RouteTable;
  config: PortalConfig;
  warnings: Diagnostic[];
  outDir: string;
  stats: { routesByKind: Record<string, number>; durationMs: number; bytes: number };
}

/** `portal build`: the pipeline as a list of named, timed stages. Throws PortalError on errors. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const log = options.log ?? consoleLogger;
  const root = path.resolve(options.root);
  const siteDir = path.resolve(root, options.siteDir ?? 'site');
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const workDir = path.join(path.resolve(import.meta.dirname, '../..'), '.portal');
  const genDir = path.join(workDir, `gen-${createHash('sha1').update(siteDir).digest('hex').slice(0, 8)}-${process.pid}-${Date.now()}${options.locale ? `-${options.locale}` : ''}`);
  const cache = options.cache ?? createCompileCache(options.diskCache === false ? undefined : path.join(workDir, 'cache'));
  const warnings: Diagnostic[] = [];
  const releaseGenDir = options.interrupt?.track(genDir);
  let pool: CompilePool | undefined;
  try {
    // 1. Config
    const { config: loaded, file: configFile } = await stage(log, 'config', () => loadConfig(siteDir, genDir));
    const config: PortalConfig = localizeConfig(options.baseUrl ? { ...loaded, baseUrl: normalizeBase(options.baseUrl) } : loaded, options.locale);

    // 2. Collect: pages and each docs version (a translated build's files in place of the default ones), compiled on worker threads, and the API document
    const languages = ['markup-templating', 'liquid', 'php', ...config.prism.additionalLanguages];
    // A first build compiles everything: one worker starts loading the compiler while the site is scanned.
    pool = startCompilePool({ languages, initial: cache.memory.size === 0 ? 1 : 0, interrupt: options.interrupt });
    const site = await stage(log, 'scan', () => scanSite({ siteDir, config, configFile, locale: options.locale, genDir }));
    const sources = [...site.pages, ...site.versions.flatMap((v) => v.files)];
    const markdown = sources.filter((s) => s.ext !== '.tsx');
    const processed = await stage(log, `compile ${markdown.length} MDX files`, () => compileAll(markdown, { cache, interrupt: options.interrupt, languages, pool }));
    await pool.close();
    const processedByFile = new Map(markdown.map((s, i) => [s.file, processed[i]]));
    throwOnErrors(processed.flatMap((p) => p.diagnostics));
    const api: ApiContribution = config.openapi || options.openapi
      ? await stage(log, 'openapi', async () => (await import('../apiref/load.js')).loadApiReference({ root, config, override: options.openapi, openapiRoot: options.openapiRoot }))
      : emptyApi;
    warnings.push(...throwOnErrors(api.diagnostics));

    // 3. Route table: each docs version with its own docs and sidebars; navbar items checked against the last one
    const versions = buildDocsVersions({ versions: site.versions, processed: processedByFile, apiItems: api.sidebarItems, includeDrafts: options.includeDrafts ?? false, sidebarCollapsed: config.docs.sidebarCollapsed });
    const { docs, draftIds, sidebars } = versions.last;
    const siteData = buildSiteData({ config, configFile, docs, draftIds, sidebars, versions: versions.data, locale: options.locale });
    warnings.push(...versions.diagnostics.filter((d) => d.severity === 'warning'));
    throwOnErrors([...versions.diagnostics, ...siteData.diagnostics]);
    const lastUpdated = config.docs.showLastUpdateTime ? await loadLastUpdated(versions.contents.flatMap((v) => v.docs.map((d) => d.file))) : undefined;
    const table = await stage(log, 'routes', () =>
      buildRouteTable({
        config,
        pages: site.pages.map((file) => ({ file, source: processedByFile.get(file.file) })),
        docVersions: versions.contents,
        apiRoutes: api.routes,
        lastUpdated,
      }),
    );
    warnings.push(...throwOnErrors(table.diagnostics));

    // 4–5. Bundle: generated route modules, the client build (per-route chunks) and the server build
    const generated = generateRouteModules(table.routes, versions.bundleSidebars, siteData.site);
    await fs.mkdir(genDir, { recursive: true });
    const [client, server] = await stage(log, 'bundle', async () => {
      try {
        return await Promise.all([buildClient({ genDir, generated: generated.files, entries: generated.entries, minify: true }), buildServer({ genDir, generated: generated.files, entries: generated.entries })]);
      } catch (err) {
        throw bundleError(err, generated.files);
      }
    });
    const manifestJson = JSON.stringify(Object.fromEntries(Object.entries(client.manifest.routes).map(([p, a]) => [p, `${config.baseUrl}${a.chunk}`])));
    const manifestPath = `${ASSETS_DIR}/manifest-${createHash('sha1').update(manifestJson).digest('hex').slice(0, 8)}.json`;

    // 6. Render
    const rendered = await stage(log, `render ${table.routes.length} pages`, () =>
      renderPages({ routes: table.routes, pages: generated.pages, bundle: server, site: siteData.site, manifest: client.manifest, manifestUrl: `${config.baseUrl}${manifestPath}`, config, liveReload: options.liveReload }),
    );

    // 7. Check: broken links fail the build, broken anchors warn
    const staticFiles = new Set((await fg('**/*', { cwd: path.join(siteDir, 'static'), dot: false })).map((f) => `/${f}`));
    for (const f of api.files) staticFiles.add(`/${f.path}`);
    const linkDiagnostics = await stage(log, 'check links', () =>
      checkLinks({
        routes: table.routes,
        idsByPath: rendered.idsByPath,
        staticFiles,
        configLinks: siteData.links,
        configFile: path.join(siteDir, 'portal.config.ts'),
        baseUrl: config.baseUrl,
        // A preview swaps the reference: the guides' links into the one it replaced warn, grouped per file (issue 14).
        replacedReference: options.openapi ? (config.openapi?.routeBasePath ?? '/docs/api') : undefined,
      }),
    );
    warnings.push(...throwOnErrors([...warnings, ...linkDiagnostics]));

    // 7a. Search index and files for machines: sitemap, robots, llms.txt, Markdown sources (issue 7)
    const sourceText = new Map(sources.map((s) => [s.file, s.text]));
    const published = await stage(log, 'search index, sitemap, llms.txt', () => [
      ...buildSiteSearch({ routes: table.routes, documents: rendered.files, trailingSlash: config.trailingSlash, versions: siteData.site.versions }),
      ...buildMachineFiles({ routes: table.routes, config, site: siteData.site, sidebars, sourceOf: (f) => sourceText.get(f), locale: options.locale }),
    ]);

    // 7b. Other locales (issue 4 item 7): the same pipeline again under /<locale>/, with its translations
    const translated = options.locale ? undefined : await buildOtherLocales({ build, options, config, siteDir, log });
    warnings.push(...(translated?.warnings ?? []));

    // 8. Write: into a temporary folder, swapped in on success
    const files: OutputFile[] = [...client.files, { path: manifestPath, contents: manifestJson }, ...rendered.files, ...api.files, ...published, ...(translated?.files ?? [])];
    if (options.write !== false) await stage(log, `write ${path.relative(root, outDir) || outDir}`, () => writeOutput(outDir, files, path.join(siteDir, 'static'), options.interrupt));
    const uniqueWarnings = dedupeDiagnostics(warnings);
    reportDiagnostics(uniqueWarnings, log, root);
    const stats = {
      routesByKind: countBy(table.routes.map((r) => r.kind)),
      durationMs: Math.round(performance.now() - started),
      bytes: files.reduce((n, f) => n + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength), 0),
    };
    log.info(summaryLine(stats, uniqueWarnings.length, path.relative(root, outDir) || outDir));
    return { files, table, config, warnings: uniqueWarnings, outDir, stats };
  } catch (err) {
    if (err instanceof PortalError) reportDiagnostics(dedupeDiagnostics([...warnings.filter((w) => w.severity === 'warning'), ...err.diagnostics]), log, root);
    throw err;
  } finally {
    await pool?.close();
    await fs.rm(genDir, { recursive: true, force: true });
    releaseGenDir?.();
  }
}

function summaryLine(stats: BuildResult['stats'], warningCount: number, out: string): string {
  const kinds = Object.entries(stats.routesByKind).map(([k, n]) => `${n} ${k}`).join(', ');
  const total = Object.values(stats.routesByKind).reduce((a, b) => a + b, 0);
  return `${pc.bold(`${total} routes`)} (${kinds}) → ${out}/ in ${(stats.durationMs / 1000).toFixed(1)}s, ${(stats.bytes / 1024 / 1024).toFixed(1)} MB, ${warningCount ? pc.yellow(`${warningCount} warning${warningCount === 1 ? '' : 's'}`) : 'no warnings'}`;
}

const normalizeBase = (b: string): string => `/${b.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const countBy = (xs: string[]) => xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {});
const dedupeDiagnostics = (list: Diagnostic[]): Diagnostic[] => {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.file}|${d.line}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
