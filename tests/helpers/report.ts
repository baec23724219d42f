import os from 'node:os';
import { build, type BuildOptions, type BuildResult } from '../../src/commands/build.ts';
import { PortalError, type Diagnostic } from '../../src/diagnostics.ts';
import { reportDiagnostics } from '../../src/log.ts';
import { memoryLogger } from './fixtures.ts';

/**
 * Diagnostics as `portal build` prints them, paths relative to `root`. The tests run with NO_COLOR
 * (vitest.config.ts), so the text is what a terminal without colours shows.
 */
export function formatReport(list: readonly Diagnostic[], root: string): string {
  const log = memoryLogger();
  reportDiagnostics(list, log, root);
  return log.text();
}

/** A stage's `✓ config 12 ms` line (a locale's starts with `[fr] `) and the summary: they hold timings. */
const TIMED_LINE = /^(\[[\w-]+\] )?([✓✗] .* \d+ ms|\d+ routes \(.*\) → .* in [\d.]+s, .*)$/;

/** What a build printed, without its timed lines, with the machine's folders replaced by `<root>` and `<tmp>`. */
export const stableReport = (lines: readonly string[], root: string): string =>
  lines
    .filter((l) => !TIMED_LINE.test(l))
    .join('\n')
    .replaceAll(root, '<root>')
    .replaceAll(os.tmpdir(), '<tmp>');

export interface InProcessBuild {
  /** The error the build threw, when it failed; always a PortalError for bad input. */
  error?: unknown;
  result?: BuildResult;
  /** The printed report, stable across machines (stableReport). */
  report: string;
  ms: number;
}

/** `portal build` in this process, with its output captured: what the CLI prints, without spawning one. */
export async function buildInProcess(root: string, options: Partial<BuildOptions> = {}): Promise<InProcessBuild> {
  const log = memoryLogger();
  const started = performance.now();
  const outcome = await build({ root, log, ...options }).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  return { ...outcome, report: stableReport(log.lines, root), ms: performance.now() - started };
}

/** The diagnostics of a failed in-process build, or a thrown assertion naming what happened instead. */
export function diagnosticsOf(run: InProcessBuild): Diagnostic[] {
  if (run.error instanceof PortalError) return run.error.diagnostics;
  throw new Error(
    `expected the build to fail with a PortalError; it ${run.error ? `threw ${String(run.error)}` : 'succeeded'}:\n${run.report}`,
  );
}
