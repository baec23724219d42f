import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { watch as watchFiles, type FSWatcher } from 'chokidar';
import pc from 'picocolors';
import { type CompileCache, compileAll, createCompileCache, keepOnlyUsed } from '../content/compile-pool.js';
import { withoutBom } from '../content/scan.js';
import { PortalError } from '../diagnostics.js';
import { consoleLogger, type Logger, Stopped } from '../log.js';
import type { Interruptible } from '../output/interrupt.js';
import { createSwapGate } from '../output/swap-gate.js';
import { warmBundleContexts } from '../bundle/bundle-session.js';
import { failurePage } from '../serve/failure-page.js';
import { hotRoutes } from '../serve/hot-body.js';
import { createLiveReload, LIVE_RELOAD_PATH } from '../serve/live-reload.js';
import { createPendingBuild } from '../serve/pending-build.js';
import { createPreviewState, disposePreviewState } from '../serve/preview-state.js';
import { previewWritten } from '../serve/previous-output.js';
import type { QuickSite } from '../serve/quick-site.js';
import { openBrowser } from '../serve/open-browser.js';
import { createStaticServer, listenFrom } from '../serve/static-server.js';
import { build } from './build.js';
import { watchTargets } from './watch-targets.js';
import type { HotUpdate, LiveUpdate } from '../../templates/shared/live-update.js';

export interface ServeOptions {
  root: string;
  siteDir?: string;
  outDir?: string;
  port: number;
  host: string;
  openapi?: string;
  /** `--openapi-root`: the folder external `$ref`s may reach. */
  openapiRoot?: string;
  /** false: serve the existing output only (`npm run serve:build`). */
  watch?: boolean;
  /** `--open`: show the preview in the default browser once it is served. */
  open?: boolean;
  log?: Logger;
  /** The CLI's signal handling, passed to each rebuild (issue 8). */
  interrupt?: Interruptible | undefined;
}

/** Interfaces only this machine can reach: the whole 127.0.0.0/8 block, ::1 and localhost. */
const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/** `portal serve`: build, serve the output, rebuild on change and update open pages (in place where they can). */
export async function serve(options: ServeOptions): Promise<{
  url: string;
  close(): Promise<void>;
  rebuild(): Promise<void>;
  connections(): Promise<number>;
  liveClients(): number;
  compiledSources(): number;
}> {
  const log = options.log ?? consoleLogger;
  const root = path.resolve(options.root);
  const siteDir = path.resolve(root, options.siteDir ?? 'site');
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const live = createLiveReload();
  const cache: CompileCache = {
    ...createCompileCache(path.join(path.resolve(import.meta.dirname, '../..'), '.portal', 'cache')),
    used: new Set(),
  };
  const preview = createPreviewState();
  const swapGate = createSwapGate();
  const watch = options.watch !== false;
  let baseUrl = '/';
  // The API document in use, so its folder is watched even outside openapi/ (issue 5 item 5).
  let apiDocument = options.openapi;
  let onBuilt: (() => void) | undefined;

  /**
   * Files changed since the last good build. Static files keep their names, so no page can tell a new one from
   * the old: a change among them reloads open pages instead of letting them update in place.
   */
  const changed = new Set<string>();
  /** What the build under way can answer before its output is written (issue 16). */
  const pending = createPendingBuild();
  /** The last build's error, until a build succeeds: shown in place of pages while the output folder is empty. */
  let lastFailure: string | undefined;
  /** Pages made one at a time while the first build of a fresh start is under way (quick-site.ts). */
  let quick: QuickSite | undefined;
  /**
   * A restart serves the last preview's output at once (previous-output.ts); its pages take the first build as a
   * rebuild. Otherwise, until the first build ends, a request waits for what it asks for: there is nothing older.
   */
  const restarted = watch && (await previewWritten(outDir));
  let starting = watch && !restarted;
  let announce: () => void = () => undefined;
  let configLoaded: () => void = () => undefined;
  const baseKnown = new Promise<void>((resolve) => {
    configLoaded = resolve;
  });
  /**
   * The build under way (not the first of a fresh start, which the site needs whole; at a restart the last preview is
   * served meanwhile, so the first may go too): a newer change stops it at its next safe point
   * (after bundling, between render slices, before checks, search and write). Its pages would show an older text
   * than an edit shown meanwhile (showEdit), its work would delay the build that change needs, and its long steps
   * would hold up the edit's own event.
   */
  let supersedable: AbortController | undefined;
  /**
   * `pending` holds a build left for a newer change after open pages took it: until a later build is written or
   * taken early itself, it is the last good state the reader saw, and requests are answered from it (a newer build
   * that fails before its early update must not bring back the older output).
   */
  let holdingLeftBuild = false;
  const rebuild = async (): Promise<void> => {
    const superseded = new AbortController();
    let succeeded = false;
    let tookEarly = false;
    const files = [...changed];
    changed.clear();
    // A bundle none of whose inputs changed is the last one again (bundle-session.ts).
    preview.bundles.changed = files;
    const staticDir = path.join(siteDir, 'static') + path.sep;
    const staticChanged = files.some((f) => f.startsWith(staticDir));
    if (watch && !staticChanged && !starting) supersedable = superseded;
    // The overlay needs the messages a failed build printed, so capture them while echoing to the terminal.
    const captured: string[] = [];
    const tee: Logger = {
      info: (l) => log.info(l),
      warn: (l) => {
        captured.push(l);
        log.warn(l);
      },
      error: (l) => {
        captured.push(l);
        log.error(l);
      },
    };
    try {
      const result = await build({
        root,
        siteDir,
        outDir,
        log: tee,
        cache,
        preview,
        swapGate,
        ...(options.interrupt ? { interrupt: options.interrupt } : {}),
        ...(watch ? { liveReload: LIVE_RELOAD_PATH } : {}),
        ...(options.openapi ? { openapi: options.openapi } : {}),
        ...(options.openapiRoot ? { openapiRoot: options.openapiRoot } : {}),
        onConfig: (config) => {
          baseUrl = config.baseUrl;
          configLoaded();
          // Requests are answered from here on: from the last preview at a restart; otherwise they wait for a page
          // made alone (quick-site.ts) or rendered by this build.
          announce();
        },
        // A fresh start has no older preview to show: pages are made alone until this build can render them.
        ...(starting
          ? {
              onQuickSite: (made: QuickSite) => {
                quick = made;
                pending.wake();
                // A page asked for by now is being made (the build waits for it likewise): the watcher waits too.
                setImmediate(() => void made.idle().then(() => startWatching()));
              },
            }
          : {}),
        // Open pages take the new client side while the pages are rendered and written; a static file cannot
        // be told apart from its old version by name, so its change waits for the final reload.
        ...(watch && !staticChanged
          ? {
              superseded: superseded.signal,
              onClientReady: (ready) => {
                if (superseded.signal.aborted) return;
                if (!tookEarly && holdingLeftBuild) pending.clear();
                holdingLeftBuild = false;
                tookEarly = true;
                pending.addFiles(ready.files);
                const update: LiveUpdate = { builds: [ready.live], early: true };
                live.update(JSON.stringify(update));
              },
              onPagesReady: (prefix, render) => {
                // A build left for a newer change still answers for what open pages took of it (holdingLeftBuild).
                if (!tookEarly) return;
                pending.addPages(prefix, render);
                announce();
              },
            }
          : {}),
      });
      keepOnlyUsed(cache);
      apiDocument = options.openapi ?? result.config.openapi?.path;
      onBuilt?.();
      const update: LiveUpdate = { builds: result.live };
      live.reload(staticChanged ? '' : JSON.stringify(update));
      lastFailure = undefined;
      succeeded = true;
    } catch (err) {
      for (const f of files) changed.add(f);
      if (superseded.signal.aborted && err === superseded.signal.reason) {
        log.info(
          pc.dim(
            closing ? '  (build stopped: serve closed)' : '  (the rest of that build was left for the newer change)',
          ),
        );
        return;
      }
      const text = err instanceof PortalError ? captured.join('\n') : String((err as Error).message);
      lastFailure = stripAnsi(text) || String(err);
      live.error(lastFailure);
      log.error(
        pc.red(
          existsSync(outDir)
            ? '✗ build failed; still serving the last good build. Fix the error and save.'
            : '✗ build failed; the preview shows the error until a build succeeds. Fix the error and save.',
        ),
      );
    } finally {
      // The output folder holds what there is now (the new build, or the last good one): requests go there.
      configLoaded(); // a build that failed before its config loaded
      starting = false;
      if (superseded.signal.aborted && tookEarly) holdingLeftBuild = true;
      else if (succeeded || !holdingLeftBuild) {
        pending.clear();
        holdingLeftBuild = false;
      }
      if (supersedable === superseded) supersedable = undefined;
    }
  };

  /** The latest attempt to show each file's edit before its rebuild: an older one that ends later is dropped. */
  const editAttempts = new Map<string, number>();
  /** The compile cache key of each file's last save shown before its rebuild (showEdit). */
  const hotVersions = new Map<string, string>();
  let lastAttempt = 0;
  /**
   * Shows an edited doc in open pages before any build when the edit changes its body only (hot-body.ts): compiled
   * on the kept workers (the rebuild then finds it in the compile cache) and sent as a `hot` event. Any other edit,
   * or any failure here, is left to the rebuild, which follows every change anyway.
   */
  const showEdit = async (file: string): Promise<'shown' | 'not shown' | 'left to a newer event'> => {
    const attempt = ++lastAttempt;
    editAttempts.set(file, attempt);
    const sites = [...preview.hotSites].filter(([, site]) => site.routes.versions.processed.has(file));
    const compiler = preview.compiler;
    if (sites.length === 0 || !compiler) return 'not shown';
    try {
      const text = withoutBom(await fs.readFile(file, 'utf8'));
      // An editor's save may truncate the file before writing it: its next event brings the text.
      if (text === '') return 'left to a newer event';
      // In memory only, where the rebuild finds it: the disk cache's read and write cost this edit's event a few ms
      // each, more while the rebuild reads its files.
      const compiled = new Set<string>();
      const [source] = await compileAll([{ file, text }], {
        cache: { memory: cache.memory, used: compiled },
        languages: compiler.list,
        pool: compiler.pool,
      });
      for (const key of compiled) cache.used?.add(key);
      if (editAttempts.get(file) !== attempt) return 'left to a newer event';
      // Only the newest save of a file is worth keeping for its rebuild: every save an author made while typing
      // stayed in memory until the second rebuild after it (200 saves of the portal's intro: 31 MB).
      const [key] = compiled;
      const previous = hotVersions.get(file);
      if (previous !== undefined && previous !== key) cache.memory.delete(previous);
      if (key) hotVersions.set(file, key);
      if (!source) return 'not shown';
      let shown = 0;
      for (const [base, site] of sites) {
        const routes = hotRoutes(site, file, source);
        if (!routes) continue;
        live.hot(JSON.stringify({ base, routes } satisfies HotUpdate));
        shown++;
      }
      return shown === sites.length ? 'shown' : 'not shown';
    } catch {
      // The rebuild reads, compiles and reports the same file.
      return 'not shown';
    } finally {
      if (editAttempts.get(file) === attempt) editAttempts.delete(file);
    }
  };

  /**
   * The kept compile worker compiles a few of the site's docs once, the results thrown away, so that an author's
   * first edits do not pay for V8 learning the compiler: on a probe of serve (12 edits of the portal's intro 2.5 s
   * apart), file written to the page's update took 242, 88, 64, 108 ms for the first edits against 27–43 ms from
   * the ninth on, the compile itself 12–16 ms once warm. Stops at the first edit, or after WARM_UP_DOCS docs.
   */
  const warmUpCompiler = async (): Promise<void> => {
    const compiler = preview.compiler;
    if (!compiler) return;
    const docs = [...preview.hotSites.values()].flatMap((site) => [...site.routes.versions.processed.keys()]);
    const scratch: CompileCache = { memory: new Map(), used: new Set() };
    for (const file of [...new Set(docs)].slice(0, WARM_UP_DOCS)) {
      if (closing || lastAttempt > 0) return;
      const text = withoutBom(await fs.readFile(file, 'utf8').catch(() => ''));
      if (text === '') continue;
      await compileAll([{ file, text }], { cache: scratch, languages: compiler.list, pool: compiler.pool }).catch(
        () => undefined,
      );
    }
  };

  const server = createStaticServer({
    root: outDir,
    baseUrl: () => baseUrl,
    gate: swapGate,
    // Paths are read under the base URL, which the config gives.
    ready: () => (watch ? baseKnown : Promise.resolve()),
    pending: async (inBase) => {
      // A page made alone loads client files of its own, which no build has (kept while such a page may be open).
      const quickFile = quick?.clientFile(inBase);
      if (quickFile) return quickFile;
      for (;;) {
        const found = pending.find(inBase);
        if (found || !starting) return found;
        const alone = quick && ((await quick.staticFile(inBase)) ?? (await quick.page(inBase)));
        // The build's own page, or its written output, once ready meanwhile: the page made alone is then older.
        const built = pending.find(inBase);
        if (built || !starting) return built;
        if (alone) return alone;
        await pending.changed();
      }
    },
    intercept: (req, res) => live.intercept(req, res),
    // A fresh start whose first build failed has no page to show the overlay on: the error is the page.
    unavailable: () => (lastFailure !== undefined && !existsSync(outDir) ? failurePage(lastFailure) : undefined),
  });
  if (!isLoopback(options.host))
    log.warn(
      pc.yellow(`warning: listening on ${options.host}, so other machines on your network can read this preview.`),
    );
  // Listening before the first build, so the first page is answered as soon as it can be rendered (issue 16 item 2).
  const { url, taken } = await listenFrom(server, options.port, options.host);
  if (taken.length)
    log.warn(
      pc.yellow(
        `port ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} in use; using ${new URL(url).port} instead.`,
      ),
    );
  // Said once the config gives the base URL: requests are answered from then on, a page asked for as soon as
  // something can answer it (the last preview, a page made alone, the build under way).
  let announced = false;
  let firstBuilt = false;
  announce = () => {
    if (announced) return;
    announced = true;
    // At a restart, said before the first build has bundled anything: the pages served are the last preview's.
    const until = restarted && !firstBuilt ? pc.dim(' (the last preview until the first build is ready)') : '';
    log.info(
      `${pc.green('➜')} serving ${path.relative(root, outDir) || outDir}/ at ${pc.cyan(`${url}${baseUrl}`)}${until}`,
    );
    if (options.open) openBrowser(`${url}${baseUrl}`, (line) => log.warn(pc.yellow(line)));
  };
  let watcher: FSWatcher | undefined;
  /** Starts watching the site (at once, or once a fresh start's first page is made). */
  let startWatching: () => void = () => undefined;
  /** The first build, then each rebuild after the one before; `close` waits for the last. */
  let building: Promise<void> = Promise.resolve();
  let rebuildTimer: NodeJS.Timeout | undefined;
  let closing = false;
  if (watch) {
    // Watching from the start: the first page is answered before the first build ends, and an edit made after it
    // is shown must not be lost; it is rebuilt once the first build is done.
    const firstBuild = rebuild().finally(() => {
      firstBuilt = true;
      // Its pages are no longer asked for; the client files of those open are kept in memory until they reload.
      void quick?.close();
      // Bundles the first build took from the disk cache have no context yet: made now, not at the first edit.
      void warmBundleContexts(preview.bundles, options.interrupt?.track);
      // A site compiled from the cache started no compile worker: one is started now, so the first edit shown before
      // its rebuild does not wait half a second for the compiler to load.
      void preview.compiler?.pool
        .workers(1)
        .then(warmUpCompiler)
        .catch(() => undefined);
    });
    building = firstBuild;
    // Until its first walk ends the watcher misses changes: what changed since the start is found by the files' times
    // once it is ready, and handled as its own events would be. A fresh start's walk would take the thread from a
    // page made alone (quick-site.ts; ~0.1 s of the portal's first page): it starts once that page is made.
    const since = Date.now();
    const watching = new Promise<void>((resolve) => {
      startWatching = resolve;
    }).then(
      () =>
        new Promise<void>((resolve) => {
          if (closing) return resolve();
          const started = watchSite();
          watcher = started;
          started.once('ready', () => {
            void catchUp(started, since).finally(resolve);
          });
        }),
    );
    if (!starting) startWatching();
    void firstBuild.finally(startWatching);
    await Promise.all([firstBuild, watching]);
  }
  announce();
  if (watch)
    log.info(
      pc.dim(
        `  edit ${path.relative(root, siteDir) || siteDir}/ (docs, pages, portal.config.ts) and open pages reload; Ctrl-C to stop`,
      ),
    );

  /**
   * The files under watch changed since `since` (as their modification times say), each handled as the watcher's
   * own `change` event would be: what was saved between the start and the watcher's first walk.
   */
  async function catchUp(started: FSWatcher, since: number): Promise<void> {
    const files = Object.entries(started.getWatched()).flatMap(([dir, names]) =>
      names.map((name) => path.join(dir, name)),
    );
    const stats = await Promise.all(files.map((file) => fs.stat(file).catch(() => undefined)));
    files.forEach((file, i) => {
      const stat = stats[i];
      if (stat?.isFile() && stat.mtimeMs > since) started.emit('all', 'change', file);
    });
  }

  /** Rebuilds on every change under the watched folders, one build at a time, after `building`. */
  function watchSite(): FSWatcher {
    const templatesDir = path.resolve(import.meta.dirname, '../../templates');
    let queued = false;
    const watched = new Set(watchTargets({ root, siteDir, templatesDir, openapi: apiDocument }));
    const watcher = watchFiles([...watched], {
      ignoreInitial: true,
      ignored: (p) => p.startsWith(outDir) || /node_modules|\.portal|(^|[\\/])\.git([\\/]|$)/.test(p),
    });
    // A config edit may point openapi.path elsewhere: watch the new document's folder from then on.
    onBuilt = () => {
      const added = watchTargets({ root, siteDir, templatesDir, openapi: apiDocument }).filter((p) => !watched.has(p));
      for (const p of added) watched.add(p);
      if (added.length) watcher.add(added);
    };
    const editTimers = new Map<string, NodeJS.Timeout>();
    /**
     * A change since the last rebuild started that open pages have not taken in place (or one not known yet to be
     * a doc's body edit): its rebuild starts after the short debounce. A body edit open pages took waits longer for
     * its rebuild (HOT_REBUILD_MS): while an author types, every save started a whole rebuild whose bundling took
     * both cores just as the next save was being compiled and shown.
     */
    let urgent = false;
    let lastChanged = '';
    const scheduleRebuild = (delay: number): void => {
      clearTimeout(rebuildTimer);
      rebuildTimer = setTimeout(
        () => {
          if (queued || closing) return;
          queued = true;
          urgent = false;
          building = building.then(async () => {
            queued = false;
            if (closing) return;
            log.info(pc.dim(`changed: ${path.relative(root, lastChanged)}`));
            await rebuild();
          });
        },
        urgent ? Math.min(delay, REBUILD_MS) : delay,
      );
    };
    watcher.on('all', (event, file) => {
      changed.add(path.resolve(file));
      lastChanged = file;
      const bodyEdit = event === 'change' && /\.mdx?$/.test(file);
      if (bodyEdit) {
        // Shown at once, before the rebuild's debounce; a save's several events within a few ms are one attempt.
        const absolute = path.resolve(file);
        clearTimeout(editTimers.get(absolute));
        editTimers.set(
          absolute,
          setTimeout(() => {
            editTimers.delete(absolute);
            void showEdit(absolute).then((outcome) => {
              // Not taken in place (front matter, JSX, an error...): the page waits for the rebuild, so at once.
              if (outcome !== 'not shown' || closing) return;
              urgent = true;
              if (!queued) scheduleRebuild(0);
            });
          }, 5),
        );
      } else urgent = true;
      supersedable?.abort(new Stopped('superseded by a newer change'));
      supersedable = undefined;
      scheduleRebuild(bodyEdit ? HOT_REBUILD_MS : REBUILD_MS);
    });
    watcher.on('error', (err) => log.warn(`watcher: ${(err as Error).message}`));
    return watcher;
  }
  const close = async () => {
    closing = true;
    clearTimeout(rebuildTimer);
    await watcher?.close();
    // A build under way would start compile workers again once the kept ones are closed, and leave them running.
    supersedable?.abort(new Stopped('serve closed'));
    await building;
    await Promise.all([disposePreviewState(preview), quick?.close()]);
    live.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  // Open sockets and live-reload streams, so tests can see that closed connections are released (issue 8).
  const connections = () =>
    new Promise<number>((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  // Compiled sources held in memory, so tests can see that an author's saves do not pile up.
  const compiledSources = () => cache.memory.size;
  return { url, close, rebuild, connections, liveClients: () => live.size, compiledSources };
}

/** The debounce of a rebuild: the several events of one save, or of a tool writing many files, make one rebuild. */
const REBUILD_MS = 80;
/**
 * The rebuild after a doc's edit that open pages took in place (showEdit): later, as the page already shows it.
 * Longer than an editor's auto-save interval while typing (VS Code's default is one second after the last key),
 * so that no rebuild runs while the author is still typing.
 */
const HOT_REBUILD_MS = 1000;
/** Docs the kept compile worker compiles at start to warm up (warmUpCompiler): about a second of its time. */
const WARM_UP_DOCS = 12;

const stripAnsi = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');
