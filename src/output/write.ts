import fs from 'node:fs/promises';
import path from 'node:path';
import type { Interruptible } from './interrupt.js';

export interface OutputFile {
  /** Path inside the output folder, `/`-separated. */
  path: string;
  contents: string | Uint8Array;
}

/**
 * Write stage, the one writer of the output folder: everything goes into a temporary sibling folder which
 * replaces the old output only once complete, so a failed or interrupted build leaves the old site as it was.
 */
export async function writeOutput(outDir: string, files: readonly OutputFile[], staticDir?: string, interrupt?: Interruptible): Promise<void> {
  // issue 8: a SIGINT/SIGTERM waits for this stage to stop at a batch boundary (or to finish the swap).
  return interrupt ? interrupt.guard(() => writeInto(outDir, files, staticDir, interrupt.signal)) : writeInto(outDir, files, staticDir);
}

async function writeInto(outDir: string, files: readonly OutputFile[], staticDir: string | undefined, signal?: AbortSignal): Promise<void> {
  const parent = path.dirname(outDir);
  await fs.mkdir(parent, { recursive: true });
  await recoverStale(outDir);
  const tmp = await fs.mkdtemp(path.join(parent, `.${path.basename(outDir)}.tmp-`));
  try {
    if (staticDir) await copyDir(staticDir, tmp, signal);
    signal?.throwIfAborted();
    const dirs = new Set(files.map((f) => path.dirname(path.join(tmp, f.path))));
    await Promise.all([...dirs].map((d) => fs.mkdir(d, { recursive: true })));
    // Bounded concurrency: thousands of pages must not exhaust file handles.
    for (let i = 0; i < files.length; i += 64) {
      signal?.throwIfAborted();
      await Promise.all(files.slice(i, i + 64).map((f) => fs.writeFile(path.join(tmp, f.path), f.contents)));
    }
    // Last point of return: once the old output moves aside, the new one goes in place.
    signal?.throwIfAborted();
    const old = `${outDir}.old-${process.pid}`;
    const hadOld = await exists(outDir);
    if (hadOld) await fs.rename(outDir, old);
    await fs.rename(tmp, outDir);
    if (hadOld) await fs.rm(old, { recursive: true, force: true });
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/**
 * A build killed outright (SIGKILL, power loss) can leave a hidden temporary folder, or, between the two
 * renames of the swap, the old output moved aside with nothing in its place: put that back, remove the rest.
 */
async function recoverStale(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await fs.readdir(parent);
  for (const stale of names.filter((n) => n.startsWith(`.${base}.tmp-`))) await fs.rm(path.join(parent, stale), { recursive: true, force: true });
  const moved = names.filter((n) => n.startsWith(`${base}.old-`) && /^\d+$/.test(n.slice(base.length + 5)));
  for (const name of moved) {
    const from = path.join(parent, name);
    if (!(await exists(outDir))) await fs.rename(from, outDir);
    else await fs.rm(from, { recursive: true, force: true });
  }
}

async function copyDir(from: string, to: string, signal?: AbortSignal): Promise<void> {
  if (!(await exists(from))) return;
  // Our own walk rather than fs.cp: when fs.cp rejects part-way, copies it already started carry on in the
  // background and can recreate the temporary folder after it was removed. Here every started copy settles
  // before the signal is checked again, so an interruption leaves nothing in flight.
  const files: Array<{ src: string; dest: string; link: boolean }> = [];
  const walk = async (src: string, dest: string): Promise<void> => {
    signal?.throwIfAborted();
    await fs.mkdir(dest, { recursive: true });
    for (const entry of await fs.readdir(src, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const s = path.join(src, entry.name);
      const d = path.join(dest, entry.name);
      if (entry.isDirectory()) await walk(s, d);
      else if (entry.isFile() || entry.isSymbolicLink()) files.push({ src: s, dest: d, link: entry.isSymbolicLink() });
    }
  };
  await walk(from, to);
  for (let i = 0; i < files.length; i += 64) {
    signal?.throwIfAborted();
    await Promise.all(files.slice(i, i + 64).map(async (f) => (f.link ? fs.symlink(await fs.readlink(f.src), f.dest) : fs.copyFile(f.src, f.dest))));
  }
}

/** True when the path exists; shared by the stages that must not fail on a missing folder. */
export const exists = (p: string): Promise<boolean> => fs.access(p).then(() => true, () => false);
