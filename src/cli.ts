import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pc from 'picocolors';
import { PortalError } from './diagnostics.js';
import { consoleLogger, quietLogger, verboseLogger } from './log.js';
import { createInterruptController, InterruptedError, type InterruptController } from './output/interrupt.js';

/** The version in the package.json beside src/ (one source of truth for `--version`). */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? 'unknown';
}

const port = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
};

/** Builds the commander program; `run` is the only place that turns results into exit codes. */
export function createProgram(): Command {
  const program: Command = new Command('portal')
    .description('Build, preview and check the documentation portal.')
    .option('--debug', 'show stack traces for errors', false)
    .version(packageVersion(), '-v, --version', 'print the version')
    .showHelpAfterError('(run `portal --help` for usage)')
    .exitOverride()
    // issue 22: `portal` alone is a request for the overview, not a mistake (Vite, Astro and Docusaurus do the same).
    .argument('[command]')
    .usage('[options] [command]')
    .addHelpText(
      'after',
      '\nExamples:\n  $ portal serve        live preview on http://localhost:3000\n  $ portal build        static site in build/\n  $ portal build --help options of one command',
    );
  program.action((command?: string): void =>
    command ? program.error(`error: unknown command '${command}'`) : program.outputHelp(),
  );

  program
    .command('build')
    .description('build the site into a static folder')
    .option('--site <dir>', 'site folder', 'site')
    .option('--out <dir>', 'output folder', 'build')
    .option('--base-url <path>', "URL path the site is served under (default: the config's baseUrl)")
    .option('--openapi <file>', 'build the API reference from this OpenAPI document instead of the configured one')
    .option(
      '--openapi-root <dir>',
      "folder the OpenAPI document's $refs may reach (default: openapi.root, else its openapi folder)",
    )
    .option('--no-cache', 'build from scratch, using and keeping none of the caches in .portal/cache (benchmarks)')
    .option('-q, --quiet', 'print only warnings and errors', false)
    .option('--verbose', 'print what each stage did under its line', false)
    .addHelpText(
      'after',
      '\nExamples:\n  $ portal build                      site/ into build/\n  $ portal build --out dist --base-url /docs/\n  $ portal build --openapi ./petstore.yaml   the portal with another API document',
    )
    .action(
      async (opts: {
        site: string;
        out: string;
        baseUrl?: string;
        openapi?: string;
        openapiRoot?: string;
        cache: boolean;
        quiet: boolean;
        verbose: boolean;
      }) => {
        const { buildOrKeep } = await import('./commands/build.js');
        const interrupt = handleInterrupts('build');
        await buildOrKeep({
          interrupt,
          log: opts.quiet ? quietLogger : opts.verbose ? verboseLogger : consoleLogger,
          root: process.cwd(),
          siteDir: opts.site,
          outDir: opts.out,
          diskCache: opts.cache,
          ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
          ...(opts.openapi ? { openapi: opts.openapi } : {}),
          ...(opts.openapiRoot ? { openapiRoot: opts.openapiRoot } : {}),
        });
        // npm run bench reads the peak memory of the whole build (workers included) from here.
        if (process.env.PORTAL_REPORT_RSS) consoleLogger.info(`maxRSS=${process.resourceUsage().maxRSS}`);
      },
    );

  program
    .command('serve')
    .description('build, serve and rebuild on change, with live reload')
    .option('--site <dir>', 'site folder', 'site')
    .option('--out <dir>', 'output folder', 'build')
    .option('--port <port>', 'port to listen on', port, 3000)
    .option('--host <host>', 'interface to bind; anything but loopback is reachable from your network', '127.0.0.1')
    .option('--openapi <file>', 'preview the API reference of this OpenAPI document')
    .option(
      '--openapi-root <dir>',
      "folder the OpenAPI document's $refs may reach (default: openapi.root, else its openapi folder)",
    )
    .option('--no-build', 'serve the existing output folder without building or watching')
    .option('--open', 'open the preview in the default browser', false)
    .addHelpText(
      'after',
      "\nExamples:\n  $ portal serve                      build, watch site/ and reload open pages on http://localhost:3000\n  $ portal serve --port 4000 --open\n  $ portal serve --openapi ./petstore.yaml   preview another API document with the portal's guides",
    )
    .action(
      async (opts: {
        site: string;
        out: string;
        port: number;
        host: string;
        openapi?: string;
        openapiRoot?: string;
        build: boolean;
        open: boolean;
      }) => {
        const { serve } = await import('./commands/serve.js');
        // Kept for the server's lifetime: a rebuild being written when Ctrl-C comes still finishes or rolls back.
        const interrupt = handleInterrupts('serve', 'stop');
        await serve({
          interrupt,
          root: process.cwd(),
          siteDir: opts.site,
          outDir: opts.out,
          port: opts.port,
          host: opts.host,
          watch: opts.build,
          open: opts.open,
          ...(opts.openapi ? { openapi: opts.openapi } : {}),
          ...(opts.openapiRoot ? { openapiRoot: opts.openapiRoot } : {}),
        });
      },
    );

  program
    .command('check')
    .description('crawl the built site for broken links')
    .option('--out <dir>', 'output folder to check', 'build')
    .option('--external', 'also check links to other sites', false)
    .option(
      '--json',
      'print the result as one JSON object (ok, checked, broken: [{ url, page, status }], external)',
      false,
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ portal build && portal check\n  $ portal check --out dist --external\n  $ portal check --json > links.json',
    )
    .action(async (opts: { out: string; external: boolean; json: boolean }) => {
      const { check } = await import('./commands/check.js');
      const broken = await check({ root: process.cwd(), outDir: opts.out, external: opts.external, json: opts.json });
      if (broken > 0) process.exitCode = 1;
    });

  program
    .command('bench')
    .description('measure build time, memory and first-visit bytes')
    .option('--runs <n>', 'cold builds per corpus', '3')
    .option('--pages <n>', 'pages in the generated corpus', '1000')
    .option('--edits <n>', 'doc edits while portal serve runs (serve part)', '5')
    .option('--only <parts>', 'measure only these, comma-separated: portal, corpus, api, serve')
    .addHelpText(
      'after',
      '\nExamples:\n  $ npm run bench\n  $ portal bench --runs 1 --pages 200\n  $ portal bench --only api\n  $ portal bench --only serve --edits 200',
    )
    .action(async (opts: { runs: string; pages: string; edits: string; only?: string }) => {
      const { bench } = await import('./bench/index.js');
      await bench({
        root: process.cwd(),
        runs: Number(opts.runs),
        pages: Number(opts.pages),
        edits: Number(opts.edits),
        only: opts.only?.split(',').map((p) => p.trim()),
      });
    });
  return program;
}

/** Exit codes of a command stopped by a signal: 128 + the signal's number, as shells report them. */
const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * issue 8: on SIGINT or SIGTERM, let the command stop at a safe point (the write stage finishes its swap or
 * removes its temporary folder), remove the temporary folders it registered, then exit 130 or 143. A second
 * signal exits at once.
 */
function handleInterrupts(command: string, mode: 'interrupt' | 'stop' = 'interrupt'): InterruptController {
  const controller = createInterruptController();
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    // issue 22: Ctrl-C is how a preview server ends; it says so plainly and exits 0, like Vite's.
    const code = mode === 'stop' ? 0 : SIGNAL_EXIT[signal];
    if (controller.signal.aborted) process.exit(code);
    if (mode === 'stop') consoleLogger.info(pc.dim(`${command} stopped`));
    else
      consoleLogger.error(
        pc.yellow(
          `✗ ${command} interrupted by ${signal}; removing temporary files, the output folder is left as it was.`,
        ),
      );
    void controller
      .interrupt(signal)
      .then(stopBundler)
      .finally(() => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return controller;
}

/**
 * Stops esbuild's service process before this one exits on a signal. Left to find its pipe closed, it could die with
 * a Go "all goroutines are asleep - deadlock!" dump on the terminal, when the signal reached this process alone
 * (`kill`, a process manager, `docker stop`) while esbuild was waiting for an answer from it.
 */
async function stopBundler(): Promise<void> {
  try {
    await (await import('esbuild')).stop();
  } catch {
    // Nothing to stop, or it is gone already.
  }
}

/** Entry point used by bin/portal.js; resolves to the process exit code. */
export async function run(argv: readonly string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    // The signal handler reports the interruption and exits with the signal's code.
    if (err instanceof InterruptedError) return 1;
    const debug = argv.includes('--debug');
    if (err instanceof PortalError) {
      consoleLogger.error(
        pc.red(
          `✗ build failed: ${err.diagnostics.length} error${err.diagnostics.length === 1 ? '' : 's'}; the previous output is untouched.`,
        ),
      );
      if (debug) consoleLogger.error(String(err.stack));
      return 1;
    }
    consoleLogger.error(pc.red(`✗ ${(err as Error).message}`));
    if (debug) consoleLogger.error(String((err as Error).stack));
    else consoleLogger.error(pc.dim('(run with --debug for the stack trace)'));
    return 1;
  }
}
