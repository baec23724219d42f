import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What a build or a worker leaves in the work folder (.portal) while it runs, named after its process: generated
 * bundle inputs (`gen-<site>-<pid>-<ms>[-<locale>]`) and worker scripts made from the sources
 * (`compile-worker-<pid>-<ms>-<random>.mjs`, the render, highlight and write workers' alike). Each is removed when its
 * process ends normally or is interrupted; one killed outright (out of memory, SIGKILL, a CI timeout) leaves it
 * behind, 2–10 MB a time.
 */
const NAMED_BY_PROCESS =
  /^(?:gen-[0-9a-f]{8}-(\d+)-\d+(?:-.+)?|(?:compile|render|highlight|write)-worker-(\d+)-\d+-\w+\.mjs)$/;

/** Older than this, a leftover of a process that is gone is no one's: a build's folder lives while it runs. */
const MIN_AGE_MS = 60 * 60 * 1000;

/** Whether a process of this id runs on this machine: signal 0 checks without sending anything. */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes from `workDir` what processes that no longer run left there more than an hour ago. Never fails a build:
 * anything it cannot read or remove is left for next time.
 */
export async function removeLeftovers(
  workDir: string,
  options: { now?: number; runs?: (pid: number) => boolean } = {},
): Promise<string[]> {
  const now = options.now ?? Date.now();
  const runs = options.runs ?? processRuns;
  const names = await fs.readdir(workDir).catch(() => [] as string[]);
  const removed: string[] = [];
  await Promise.all(
    names.map(async (name) => {
      const match = NAMED_BY_PROCESS.exec(name);
      const pid = Number(match?.[1] ?? match?.[2]);
      if (!match || pid === process.pid || runs(pid)) return;
      const file = path.join(workDir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || now - stat.mtimeMs < MIN_AGE_MS) return;
      await fs.rm(file, { recursive: true, force: true }).then(
        () => removed.push(name),
        () => undefined,
      );
    }),
  );
  return removed.sort();
}
