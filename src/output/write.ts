import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutputFile {
  /** Path inside the output folder, `/`-separated. */
  path: string;
  contents: string | Uint8Array;
}

/**
 * Write stage, the one writer of the output folder: everything goes into a temporary sibling folder which
 * replaces the old output only once complete, so a failed or interrupted build leaves the old site as it was.
 */
export async function writeOutput(outDir: string, files: readonly OutputFile[], staticDir?: string): Promise<void> {
  const parent = path.dirname(outDir);
  await fs.mkdir(parent, { recursive: true });
  // A build killed mid-write leaves only a hidden temporary folder behind; the next build removes it.
  const prefix = `.${path.basename(outDir)}.tmp-`;
  for (const stale of (await fs.readdir(parent)).filter((n) => n.startsWith(prefix))) {
    await fs.rm(path.join(parent, stale), { recursive: true, force: true });
  }
  const tmp = await fs.mkdtemp(path.join(parent, prefix));
  try {
    if (staticDir) await copyDir(staticDir, tmp);
    const dirs = new Set(files.map((f) => path.dirname(path.join(tmp, f.path))));
    await Promise.all([...dirs].map((d) => fs.mkdir(d, { recursive: true })));
    // Bounded concurrency: thousands of pages must not exhaust file handles.
    for (let i = 0; i < files.length; i += 64) {
      await Promise.all(files.slice(i, i + 64).map((f) => fs.writeFile(path.join(tmp, f.path), f.contents)));
    }
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

async function copyDir(from: string, to: string): Promise<void> {
  if (!(await exists(from))) return;
  await fs.cp(from, to, { recursive: true, dereference: false, filter: (src) => !path.basename(src).startsWith('.') });
}

/** True when the path exists; shared by the stages that must not fail on a missing folder. */
export const exists = (p: string): Promise<boolean> => fs.access(p).then(() => true, () => false);
