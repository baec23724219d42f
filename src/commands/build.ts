import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pc from 'picocolors';
import { loadConfig } from '../config/load.js';
import type { PortalConfig } from '../config/schema.js';
import {
  compilesEverything,
  createCompileCache,
  startCompilePool,
  type CompileCache,
  type CompilePool,
} from '../content/compile-pool.js';
import { scanStatic } from '../content/scan-static.js';
import { dedupeDiagnostics, PortalError, type Diagnostic } from '../diagnostics.js';
import {
  buildStats,
  byteSize,
  consoleLogger,
  reportDiagnostics,
  stage,
  summaryLine,
  type BuildStats,
  type Logger,
} from '../log.js';
import { type LastBuildKey, lastBuildRecord, recordBuild, unchangedSinceLastBuild } from '../output/last-build.js';
import { removeLeftovers } from '../output/leftovers.js';
import { openOutput, type OutputFile, type OutputWriter } from '../output/write.js';
import type { SwapGate } from '../output/swap-gate.js';
import type { PageRenderer } from '../serve/pending-build.js';
import type { QuickSite } from '../serve/quick-site.js';
import type { PreviewState } from '../serve/preview-state.js';
import type { Interruptible } from '../output/interrupt.js';
import type { RouteTable } from '../routes/route-table.js';
import type { LiveBuild } from '../../templates/shared/live-update.js';
import type { ClientReady } from './build-locale.js';

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
  /** `serve`: what one build keeps for the next (the API reference, bundler contexts, rendered bodies). */
  preview?: PreviewState;
  /** Disk caches of compiled MDX and of the API reference (.portal/cache); off for cold benchmarks (`--no-cache`). */
  diskCache?: boolean;
  /** `serve` injects its live-reload endpoint. */
  liveReload?: string;
  includeDrafts?: boolean;
  /** The CLI's signal handling (issue 8): temporary folders are removed and the write stops safely on SIGINT/SIGTERM. */
  interrupt?: Interruptible | undefined;
  /** `serve`: its static server waits while the new output is swapped in, instead of answering 404. */
  swapGate?: SwapGate;
  /**
   * `serve`: each locale's client side as soon as it is bundled (paths relative to the output folder), so open
   * pages can take an edit before the pages are rendered and written (issue 16).
   */
  onClientReady?: (ready: ClientReady) => void;
  /** `serve`: each locale's pages on request once its server bundle is ready; `prefix` is its folder (`fr/`) or ''. */
  onPagesReady?: (prefix: string, render: PageRenderer) => void;
  /** `serve`'s first build after a fresh start: pages made alone before the build can render any (quick-site.ts). */
  onQuickSite?: (quick: QuickSite) => void;
  /** `serve`: aborted when a newer change makes the rest of this build worthless (see LocaleBuildOptions). */
  superseded?: AbortSignal;
  /** `serve`: the config, once loaded (its static server needs the base URL before the build ends). */
  onConfig?: (config: PortalConfig) => void;
}

export interface BuildResult {
  /**
   * With `write: false`, every generated file. Otherwise only those written at the end (search index, manifest,
   * machine files, the runtime): pages and data chunks are written as they are made and not kept.
   */
  files: OutputFile[];
  table: RouteTable;
  config: PortalConfig;
  warnings: Diagnostic[];
  outDir: string;
  stats: BuildStats;
  /** With `liveReload`: each locale's build as open pages need it to take it in place. */
  live: LiveBuild[];
}

/**
 * `portal build`: the config, then each locale through the same stages (buildLocale), then one write of the
 * output folder and one report. Throws PortalError on errors, after printing them.
 */
export function build(options: BuildOptions): Promise<BuildResult> {
  return runBuild(options, false);
}

/**
 * `portal build` from the command line: as `build`, but when nothing the last build of the same output read has
 * changed, and its output is as it left it, the output is kept and its report printed again (output/last-build.ts).
 * The record is kept with the disk caches, and off with them (`--no-cache`).
 */
export async function buildOrKeep(options: BuildOptions): Promise<'built' | 'kept'> {
  const keep = options.write !== false && !options.preview && !options.liveReload;
  return (await runBuild(options, keep)) === 'kept' ? 'kept' : 'built';
}

async function runBuild(options: BuildOptions, keep: false): Promise<BuildResult>;
async function runBuild(options: BuildOptions, keep: boolean): Promise<BuildResult | 'kept'>;
async function runBuild(options: BuildOptions, keep: boolean): Promise<BuildResult | 'kept'> {
  const started = performance.now();
  // File times are wall-clock times: a file saved after this moment may not be what the build read.
  const startedAt = Date.now();
  const log = options.log ?? consoleLogger;
  const root = path.resolve(options.root);
  const siteDir = path.resolve(root, options.siteDir ?? 'site');
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const workDir = path.join(path.resolve(import.meta.dirname, '../..'), '.portal');
  const genBase = `gen-${createHash('sha1').update(siteDir).digest('hex').slice(0, 8)}-${options.preview?.bundles.id ?? `${process.pid}-${Date.now()}`}`;
  // Each locale bundles in a folder of its own, at the same depth, so its chunk names do not depend on the others.
  const genDirOf = (locale: string | undefined) => path.join(workDir, `${genBase}${locale ? `-${locale}` : ''}`);
  const cache =
    options.cache ?? createCompileCache(options.diskCache === false ? undefined : path.join(workDir, 'cache'));
  const warnings: Diagnostic[] = [];
  const genDirs: string[] = [];
  const releases: Array<() => void> = [];
  let writing: Promise<OutputWriter> | undefined;
  /** The compile worker of a build that compiles everything, started before the config is read (below). */
  let earlyPool: CompilePool | undefined;
  // What builds killed outright left in the work folder goes, beside this build's own work (leftovers.ts).
  const sweeping = removeLeftovers(workDir).catch(() => []);
  const claimGenDir = (locale: string | undefined): string => {
    const dir = genDirOf(locale);
    genDirs.push(dir);
    if (options.interrupt) releases.push(options.interrupt.track(dir));
    return dir;
  };
  try {
    // 1. Config
    const defaultGenDir = claimGenDir(undefined);
    // Kept beside the other disk caches, and off with them.
    const recordDir = keep ? cache.dir : undefined;
    const reads = recordDir === undefined ? undefined : new Set<string>();
    // esbuild's results are kept on disk for the next run (bundle-disk-cache.ts); `serve` rebuilds its contexts
    // kept in memory, and takes from the disk only what it has no context for yet (bundle-session.ts).
    const bundleCache = cache.dir ? path.join(cache.dir, 'bundle') : undefined;
    // With nothing compiled yet, every doc is compiled: the first worker loads the compiler (~0.4 s of a cold build's
    // longest stage) while the config is read, and takes the site's grammars from it once known.
    let grammarsKnown: (languages: readonly string[]) => void = () => undefined;
    if (!options.preview?.compiler && (await compilesEverything(cache, siteDir)))
      earlyPool = startCompilePool({
        languages: new Promise((resolve) => {
          grammarsKnown = resolve;
        }),
        initial: 1,
        interrupt: options.interrupt,
      });
    const { config: loaded, file: configFile } = await stage(log, 'config', () =>
      loadConfig(siteDir, defaultGenDir, {
        reads,
        bundleCache,
        validatedCache: cache.dir ? path.join(cache.dir, 'config') : undefined,
      }),
    );
    const config: PortalConfig = options.baseUrl ? { ...loaded, baseUrl: normalizeBase(options.baseUrl) } : loaded;
    if (earlyPool) grammarsKnown((await import('../content/prism.js')).siteLanguages(config.prism.additionalLanguages));
    options.onConfig?.(config);
    const lastBuild: LastBuildKey | undefined =
      recordDir === undefined
        ? undefined
        : {
            cacheDir: recordDir,
            siteDir,
            outDir,
            templatesDir: path.resolve(import.meta.dirname, '../../templates'),
            // The config is code: its value, not only its file, decides the build (it may read the environment).
            settings: {
              root,
              openapi: options.openapi,
              openapiRoot: options.openapiRoot,
              includeDrafts: options.includeDrafts,
              config,
            },
            git: config.docs.showLastUpdateTime,
          };
    const record = lastBuild && (await lastBuildRecord(lastBuild));
    if (lastBuild && record) {
      const checking = performance.now();
      const kept = await unchangedSinceLastBuild(lastBuild, record);
      if (kept) {
        const out = path.relative(root, outDir) || outDir;
        log.info(
          `${pc.green('✓')} nothing changed since the last build, output kept ${pc.dim(`${Math.round(performance.now() - checking)} ms`)}`,
        );
        reportDiagnostics(kept.warnings, log, root);
        const stats = {
          routesByKind: kept.routesByKind,
          durationMs: Math.round(performance.now() - started),
          bytes: kept.bytes,
        };
        log.info(summaryLine(stats, kept.warnings.length, out));
        return 'kept';
      }
      log.detail?.('the output or something the last build read has changed (or there is no record of it): building');
    }
    // The stages' code (the compiler's, the bundler's, React's...) is loaded once it is known to be needed: a build
    // that keeps its output loads none of it.
    const { buildLocale, localesOf, localizeConfig } = await import('./build-locale.js');
    const statics = await scanStatic(path.join(siteDir, 'static'));

    // 8. Write, as files are made: into a temporary folder, swapped in on success (output/write.ts)
    let writer: OutputWriter | undefined;
    const openWriter = (): Promise<OutputWriter> => {
      writing ??= openOutput(outDir, statics, options.interrupt, options.swapGate).then((w) => (writer = w));
      return writing;
    };
    // The bytes made are counted once, by the writer as it writes; without a writer, from the files returned.
    const writtenBytes = (): number => writer?.written.bytes ?? 0;

    // 2–7. Each locale: the default one at the root of the output, the others under /<locale>/ (issue 4 item 7)
    const files: OutputFile[] = [];
    const live: LiveBuild[] = [];
    let table: RouteTable | undefined;
    for (const locale of localesOf(config)) {
      const tag = pc.dim(`[${locale}]`);
      // A non-default locale's files live in its own folder of the output.
      const folder = locale ? `${locale}/` : '';
      const inFolder = (f: OutputFile): OutputFile => (folder ? { ...f, path: `${folder}${f.path}` } : f);
      const localeStarted = performance.now();
      const writtenBefore = writtenBytes();
      const localeLog: Logger = locale
        ? {
            info: (line) => log.info(`${tag} ${line}`),
            warn() {},
            error() {},
            ...(log.detail ? { detail: (line: string) => log.detail?.(`${tag} ${line}`) } : {}),
          }
        : log;
      const built = await buildLocale({
        root,
        siteDir,
        genDir: locale ? claimGenDir(locale) : defaultGenDir,
        config: localizeConfig(config, locale),
        configFile,
        locale,
        statics,
        cache,
        // The default locale's build takes the worker started early; the others start their own as before.
        compilePool: locale ? undefined : earlyPool,
        preview: options.preview,
        log: localeLog,
        openapi: options.openapi,
        openapiRoot: options.openapiRoot,
        reads,
        bundleCache,
        liveReload: options.liveReload,
        includeDrafts: options.includeDrafts,
        interrupt: options.interrupt,
        onClientReady:
          options.onClientReady &&
          ((ready) => options.onClientReady?.(folder ? { ...ready, files: ready.files.map(inFolder) } : ready)),
        superseded: options.superseded,
        onPagesReady: options.onPagesReady && ((render) => options.onPagesReady?.(folder, render)),
        // The default locale's pages: a request names the locale's folder, and the others come after it anyway.
        onQuickSite: locale ? undefined : options.onQuickSite,
        openOutput:
          options.write === false
            ? undefined
            : async () => {
                const out = await openWriter();
                return (f, handOver) => out.add(inFolder(f), handOver);
              },
      });
      warnings.push(...built.warnings);
      if (built.live) live.push(built.live);
      if (!locale) {
        table = built.table;
        files.push(...built.files);
        continue;
      }
      // A translated site links its static files under its own base URL: they are copied there too.
      const translatedStatics = await Promise.all(
        [...statics.paths].sort().map(async (p) => ({
          path: `${locale}${p}`,
          contents: new Uint8Array(await fs.readFile(path.join(statics.dir, p))),
        })),
      );
      const localeFiles = [...translatedStatics, ...built.files.map(inFolder)];
      files.push(...localeFiles);
      // This locale's files: those written as they were made, and those the write stage below writes.
      const localeBytes = writtenBytes() - writtenBefore + byteSize(built.files);
      localeLog.info(
        summaryLine(
          buildStats(built.table, localeStarted, localeBytes),
          dedupeDiagnostics(built.warnings).length,
          path.relative(root, path.join(outDir, locale)),
        ),
      );
    }

    // 8. Write the rest: files the later stages read (search, manifest, machine files), then the swap
    options.superseded?.throwIfAborted();
    /** The folder swapped in as the output: another build may swap its own in after it (see recordBuild). */
    let written: { dev: number; ino: number } | undefined;
    if (options.write !== false) {
      const writer = await openWriter();
      await stage(log, `write ${path.relative(root, outDir) || outDir}`, async () => {
        await writer.addAll(files);
        written = await fs.stat(writer.folder);
        await writer.commit();
      });
      log.detail?.(
        `${writer.written.files} generated files and ${statics.entries.length} static ${statics.entries.length === 1 ? 'file' : 'files'} into ${outDir}`,
      );
    }
    const uniqueWarnings = dedupeDiagnostics(warnings);
    reportDiagnostics(uniqueWarnings, log, root);
    const stats = buildStats(table as RouteTable, started, writer ? writtenBytes() : byteSize(files));
    log.info(summaryLine(stats, uniqueWarnings.length, path.relative(root, outDir) || outDir));
    if (lastBuild && record && reads && written)
      await recordBuild(
        lastBuild,
        record,
        reads,
        { startedAt, output: written },
        {
          warnings: uniqueWarnings,
          routesByKind: stats.routesByKind,
          bytes: stats.bytes,
        },
      );
    return { files, table: table as RouteTable, config, warnings: uniqueWarnings, outDir, stats, live };
  } catch (err) {
    await (await writing?.catch(() => undefined))?.discard();
    if (err instanceof PortalError)
      reportDiagnostics(
        dedupeDiagnostics([...warnings.filter((w) => w.severity === 'warning'), ...err.diagnostics]),
        log,
        root,
      );
    throw err;
  } finally {
    // A build that ended before its default locale took the early worker (a config error, the output kept) closes it;
    // serve keeps the one it took.
    if (earlyPool && options.preview?.compiler?.pool !== earlyPool) await earlyPool.close();
    await Promise.all([sweeping, ...genDirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))]);
    for (const release of releases) release();
  }
}

const normalizeBase = (b: string): string => `/${b.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
