import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/portal.js');

export interface TimedBuild {
  ms: number;
  /** The child's own peak resident set, in KB (PORTAL_REPORT_RSS). */
  peakRssKb: number;
  /** Exit code: 0 when the build passed. */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * One `portal build` in a child process, timed from outside; a failed build is returned, not thrown. Cold: no
 * compile cache and no previous output (a rebuild links the unchanged files of the previous output, output/reuse.ts).
 * Warm (issue 17): a rebuild with nothing changed, the compile cache and the previous output kept.
 */
export async function timedBuild(
  cwd: string,
  args: readonly string[],
  out: string,
  mode: 'cold' | 'warm' = 'cold',
): Promise<TimedBuild> {
  if (mode === 'cold') await fs.rm(out, { recursive: true, force: true });
  const started = performance.now();
  let result: { code: number; stdout: string; stderr: string };
  try {
    const { stdout, stderr } = await run(
      'node',
      [bin, 'build', ...args, '--out', out, ...(mode === 'cold' ? ['--no-cache'] : [])],
      { cwd, env: { ...process.env, NO_COLOR: '1', PORTAL_REPORT_RSS: '1' }, maxBuffer: 64 * 1024 * 1024 },
    );
    result = { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    result = {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
  const ms = performance.now() - started;
  return { ms, peakRssKb: Number(/maxRSS=(\d+)/.exec(result.stdout)?.[1] ?? 0), ...result };
}

export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
