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
