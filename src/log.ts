import pc from 'picocolors';
import path from 'node:path';
import { formatLocation, type Diagnostic } from './diagnostics.js';
import type { OutputFile } from './output/write.js';
import type { RouteTable } from './routes/route-table.js';

/** Where terminal output goes; passed as an argument so tests and `serve` can capture it. */
export interface Logger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /** `--verbose`: what a stage did, under its line (counts, sizes, where things came from). Absent: not shown. */
  detail?(line: string): void;
}

export const consoleLogger: Logger = {
  info: (line) => process.stdout.write(`${line}\n`),
  warn: (line) => process.stderr.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** `build --quiet`: warnings and errors only, for CI logs and scripts. */
export const quietLogger: Logger = { ...consoleLogger, info() {} };

/** `build --verbose`: every stage line with what the stage did under it. */
export const verboseLogger: Logger = {
  ...consoleLogger,
  detail: (line) => process.stdout.write(`${pc.dim(`    ${line}`)}\n`),
};

/** Prints diagnostics grouped by file, each with its hint, then a count. */
export function reportDiagnostics(list: readonly Diagnostic[], log: Logger, root: string): void {
  if (list.length === 0) return;
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of list) {
    const key = d.file ? path.relative(root, d.file) || d.file : '(site)';
    byFile.set(key, [...(byFile.get(key) ?? []), d]);
  }
  for (const [file, items] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const out = items.some((d) => d.severity === 'error') ? log.error : log.warn;
    out(pc.underline(file));
    for (const d of items) {
      const where = d.file ? formatLocation({ ...d, file: path.relative(root, d.file) || d.file }) : '';
      const tag = d.severity === 'error' ? pc.red('error') : pc.yellow('warning');
      out(`  ${tag} ${d.message}${where ? pc.dim(`  (${where})`) : ''} ${pc.dim(`[${d.code}]`)}`);
      for (const r of d.related ?? []) {
        out(`      ${pc.dim('-')} ${r.message} ${pc.dim(formatLocation({ ...r, file: path.relative(root, r.file) }))}`);
      }
      if (d.hint) out(`      ${pc.cyan('hint:')} ${d.hint}`);
    }
  }
  const errors = list.filter((d) => d.severity === 'error').length;
  const warnings = list.length - errors;
  const parts = [
    errors ? pc.red(`${errors} error${errors === 1 ? '' : 's'}`) : '',
    warnings ? pc.yellow(`${warnings} warning${warnings === 1 ? '' : 's'}`) : '',
  ];
  (errors ? log.error : log.warn)(parts.filter(Boolean).join(', '));
}

/** Runs one named pipeline stage and prints a ✓/✗ line with its duration. */
export async function stage<T>(log: Logger, name: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    const result = await fn();
    log.info(`${pc.green('✓')} ${name} ${pc.dim(`${Math.round(performance.now() - start)} ms`)}`);
    return result;
  } catch (err) {
    // A build stopped on purpose (`serve`, for a newer change) did not fail: no red mark in the author's terminal.
    if (err instanceof Stopped) log.info(pc.dim(`- ${name} ${Math.round(performance.now() - start)} ms, stopped`));
    else log.error(`${pc.red('✗')} ${name} ${pc.dim(`${Math.round(performance.now() - start)} ms`)}`);
    throw err;
  }
}

/** The reason a build is stopped on purpose (AbortController.abort's), which `stage` reports as stopped, not failed. */
export class Stopped extends Error {}

/** The bytes of `files`, as written (UTF-8 for text). */
export const byteSize = (files: readonly OutputFile[]): number =>
  files.reduce(
    (n, f) => n + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength),
    0,
  );

/** What the last line of a build says: routes by kind, time taken and bytes made. */
export interface BuildStats {
  routesByKind: Record<string, number>;
  durationMs: number;
  bytes: number;
}

export function buildStats(table: RouteTable, startedAt: number, bytes: number): BuildStats {
  const routesByKind: Record<string, number> = {};
  for (const route of table.routes) routesByKind[route.kind] = (routesByKind[route.kind] ?? 0) + 1;
  return {
    routesByKind,
    durationMs: Math.round(performance.now() - startedAt),
    bytes,
  };
}

/** `173 routes (2 page, 35 doc, …) → build/ in 4.1s, 19.5 MB, no warnings` */
export function summaryLine(stats: BuildStats, warningCount: number, out: string): string {
  const kinds = Object.entries(stats.routesByKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const total = Object.values(stats.routesByKind).reduce((a, b) => a + b, 0);
  return `${pc.bold(`${total} routes`)} (${kinds}) → ${out}/ in ${(stats.durationMs / 1000).toFixed(1)}s, ${(stats.bytes / 1024 / 1024).toFixed(1)} MB, ${warningCount ? pc.yellow(`${warningCount} warning${warningCount === 1 ? '' : 's'}`) : 'no warnings'}`;
}
