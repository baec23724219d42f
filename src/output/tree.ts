import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * `rm -r` of a folder the write stage owns (the old output, moved aside). fs.rm runs an lstat before every unlink;
 * the folder listing already says what each entry is, so this walk saves those calls, with every unlink of a
 * folder in flight at once. A symbolic link is an entry like a file: unlinked, never followed. Whatever this
 * walk cannot remove (an entry of unknown type, say) is left to fs.rm.
 */
export async function removeTree(dir: string): Promise<void> {
  try {
    const entries = await fsp.readdir(dir, { withFileTypes: true });
    // allSettled: nothing of this walk may still be in flight when fs.rm takes over.
    const results = await Promise.allSettled(
      entries.map((e) => (e.isDirectory() ? removeTree(path.join(dir, e.name)) : fsp.unlink(path.join(dir, e.name)))),
    );
    if (results.every((r) => r.status === 'fulfilled')) return await fsp.rmdir(dir);
  } catch {
    // left to fs.rm below
  }
  await fsp.rm(dir, { recursive: true, force: true });
}

/** True when the path exists; shared by the stages that must not fail on a missing folder. */
export const exists = (p: string): Promise<boolean> =>
  fsp.access(p).then(
    () => true,
    () => false,
  );

/**
 * Every file under `dir` (symbolic links included, never followed; folders named node_modules or .git, and `skip`,
 * left out), as sorted absolute paths; none for a missing folder. Each folder is read while its siblings are:
 * readdir's own recursive walk, one folder after another, took 38 ms for the portal's output against 26 ms.
 */
export async function filesUnder(dir: string, skip?: string): Promise<string[]> {
  const walk = async (folder: string): Promise<string[]> => {
    const entries = await fsp.readdir(folder, { withFileTypes: true }).catch(() => []);
    const found = await Promise.all(
      entries.map(async (e) => {
        const file = path.join(folder, e.name);
        if (file === skip || e.name === 'node_modules' || e.name === '.git') return [];
        if (e.isDirectory()) return walk(file);
        return e.isFile() || e.isSymbolicLink() ? [file] : [];
      }),
    );
    return found.flat();
  };
  return (await walk(dir)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** FAT keeps modification times to 2 s; other file systems to the nanosecond or the second. */
export const MTIME_SLACK_MS = 2000;

/**
 * Whether every one of `files` was last modified before `startedAt` (a wall-clock time, as file times are), less
 * MTIME_SLACK_MS: what a cache may record as read by work that began then. A missing file was not.
 */
export async function savedBefore(files: readonly string[], startedAt: number): Promise<boolean> {
  const times = await Promise.all(
    files.map((f) =>
      fsp.stat(f).then(
        (s) => s.mtimeMs,
        () => Number.POSITIVE_INFINITY,
      ),
    ),
  );
  return times.every((t) => t <= startedAt - MTIME_SLACK_MS);
}
