import path from 'node:path';
import { watch as watchFiles, type FSWatcher } from 'chokidar';
import pc from 'picocolors';
import { createCompileCache } from '../content/compile-pool.js';
import { PortalError } from '../diagnostics.js';
import { consoleLogger, type Logger } from '../log.js';
import { createLiveReload, LIVE_RELOAD_PATH } from '../serve/live-reload.js';
import { createStaticServer, listen } from '../serve/static-server.js';
import { build } from './build.js';

export interface ServeOptions {
  root: string;
  siteDir?: string;
  outDir?: string;
  port: number;
  host: string;
  openapi?: string;
  /** false: serve the existing output only (npm start builds first). */
  watch?: boolean;
  log?: Logger;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** `portal serve`: build, serve the output, rebuild on change and reload open pages. */
export async function serve(options: ServeOptions): Promise<{ url: string; close(): Promise<void>; rebuild(): Promise<void> }> {
  const log = options.log ?? consoleLogger;
  const root = path.resolve(options.root);
  const siteDir = path.resolve(root, options.siteDir ?? 'site');
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const live = createLiveReload();
  const cache = createCompileCache(path.join(path.resolve(import.meta.dirname, '../..'), '.portal', 'cache'));
  const watch = options.watch !== false;
  let baseUrl = '/';

  const rebuild = async (): Promise<void> => {
    // The overlay needs the messages a failed build printed, so capture them while echoing to the terminal.
    const captured: string[] = [];
    const tee: Logger = {
      info: (l) => log.info(l),
      warn: (l) => (captured.push(l), log.warn(l)),
      error: (l) => (captured.push(l), log.error(l)),
    };
    try {
      const result = await build({ root, siteDir, outDir, log: tee, cache, liveReload: watch ? LIVE_RELOAD_PATH : undefined, ...(options.openapi ? { openapi: options.openapi } : {}) });
      baseUrl = result.config.baseUrl;
      live.reload();
    } catch (err) {
      const text = err instanceof PortalError ? captured.join('\n') : String((err as Error).message);
      live.error(stripAnsi(text) || String(err));
      log.error(pc.red('✗ build failed; still serving the last good build. Fix the error and save.'));
    }
  };

  if (watch) await rebuild();
  const server = createStaticServer({ root: outDir, baseUrl, intercept: (req, res) => live.intercept(req, res) });
  if (!LOOPBACK.has(options.host)) log.warn(pc.yellow(`warning: listening on ${options.host}, so other machines on your network can read this preview.`));
  const { url } = await listen(server, options.port, options.host);
  log.info(`${pc.green('➜')} serving ${path.relative(root, outDir) || outDir}/ at ${pc.cyan(`${url}${baseUrl}`)}`);

  let watcher: FSWatcher | undefined;
  if (watch) {
    const templatesDir = path.resolve(import.meta.dirname, '../../templates');
    const openapiDir = path.join(root, 'openapi');
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let queued = false;
    watcher = watchFiles([siteDir, templatesDir, openapiDir], { ignoreInitial: true, ignored: (p) => p.startsWith(outDir) || /node_modules|\.portal/.test(p) });
    watcher.on('all', (_event, file) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (queued) return;
        queued = true;
        running = running.then(async () => {
          queued = false;
          log.info(pc.dim(`changed: ${path.relative(root, file)}`));
          await rebuild();
        });
      }, 80);
    });
    watcher.on('error', (err) => log.warn(`watcher: ${(err as Error).message}`));
  }
  const close = async () => {
    await watcher?.close();
    live.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, close, rebuild };
}

const stripAnsi = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');
