import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { error, excerpt, PortalError } from '../diagnostics.js';
import { inSlices } from '../in-slices.js';
import { pathProblem } from '../routes/route-path.js';
import type { StaticFiles } from '../content/scan-static.js';
import type { Interruptible } from './interrupt.js';
import type { SwapGate } from './swap-gate.js';
import { copyOrReuse } from './reuse.js';
import { exists, removeTree } from './tree.js';
import { startWriteThread } from './write-thread.js';

export interface OutputFile {
  /** Path inside the output folder, `/`-separated. */
  path: string;
  contents: string | Uint8Array;
}

/**
 * The output folder being written: files go into a temporary sibling folder, as they are made (a rendered page
 * need not wait in memory for the whole site), and replace the old output only on `commit`, so a failed or
 * interrupted build leaves the old site as it was (`discard`).
 */
export interface OutputWriter {
  /**
   * Hands one file to the thread that writes them (write-thread.ts); a later file of the same path replaces it.
   * Throws for a path that leaves the folder; a write that fails makes `commit` fail. `handOver`: nothing reads the
   * file's bytes again, so they move to that thread as they are rather than as a copy.
   */
  add(file: OutputFile, handOver?: boolean): void;
  /** Writes many, checking every path first, in slices that let signals and requests through. */
  addAll(files: readonly OutputFile[]): Promise<void>;
  /** What has been written so far. */
  readonly written: { files: number; bytes: number };
  /** The temporary folder the files go to, which `commit` renames into the output folder's place. */
  readonly folder: string;
  /** Waits for every file to be written, then swaps the new output into place. */
  commit(): Promise<void>;
  /** Removes the temporary folder; the old output stays. Safe after a failed commit. */
  discard(): Promise<void>;
}

/**
 * Opens the output folder for writing: static files first (generated files of the same path replace them), then
 * whatever is added. Close it with commit or discard.
 */
export async function openOutput(
  outDir: string,
  statics?: StaticFiles,
  interrupt?: Interruptible,
  gate?: SwapGate,
): Promise<OutputWriter> {
  const signal = interrupt?.signal;
  const parent = path.dirname(outDir);
  // The first folder this made, if any: a build that fails leaves no trace, not even an empty `out/a/`.
  const madeParent = await fsp.mkdir(parent, { recursive: true });
  await recoverStale(outDir);
  const tmpPrefix = `.${path.basename(outDir)}.tmp-`;
  // Made and tracked in one synchronous step: with an await between them, a SIGINT handled right after the folder
  // appeared (a loaded machine delivers the signal before the mkdir's completion) found nothing to remove, and the
  // folder was left behind. Besides discard: should removing it there fail (a busy disk under a signal), the
  // interruption's own synchronous clean-up removes it before the process exits.
  const tmp = makeOwnFolder(parent, tmpPrefix);
  const release = interrupt?.track(tmp);
  // The previous output, read (never written) for files it already holds unchanged: see writeOrReuse.
  const previous = (await exists(outDir)) ? outDir : undefined;
  const written = { files: 0, bytes: 0 };
  let thread: Awaited<ReturnType<typeof startWriteThread>>;
  try {
    thread = await startWriteThread();
  } catch (err) {
    await fsp.rm(tmp, { recursive: true, force: true });
    inUse.delete(tmp);
    release?.();
    if (madeParent) await removeEmptyFolders(parent, madeParent);
    throw err;
  }
  // An interruption removes the temporary folder once the guarded sections are over (interrupt.ts): the thread
  // must have stopped by then, or it would write into the folder after it was removed.
  const stopOnInterrupt = () => void interrupt?.guard(() => thread.stop());
  signal?.addEventListener('abort', stopOnInterrupt, { once: true });
  const write = (f: OutputFile, handOver = false): void => {
    // Encoded once, into bytes of the file's own that move to the thread without a copy: measuring, comparing and
    // writing a string each encoded it again on the thread that hands out the render work (4 % of the render stage
    // for 3,000 operations). Bytes are copied unless handed over: the caller may serve them again (serve's data
    // chunks). Handing pages over saves that copy (600 operations: a peak ~15 MB lower).
    const bytes =
      typeof f.contents === 'string' ? utf8.encode(f.contents) : handOver ? f.contents : new Uint8Array(f.contents);
    written.files++;
    written.bytes += bytes.byteLength;
    thread.write(path.join(tmp, f.path), previous && path.join(previous, f.path), bytes);
  };
  let closed = false;
  const discard = async (): Promise<void> => {
    closed = true;
    signal?.removeEventListener('abort', stopOnInterrupt);
    await thread.stop();
    await fsp.rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    inUse.delete(tmp);
    release?.();
    if (madeParent) await removeEmptyFolders(parent, madeParent);
  };
  try {
    if (statics) await copyStatic(statics, tmp, previous, signal);
  } catch (err) {
    await discard();
    throw err;
  }
  return {
    written,
    folder: tmp,
    add(file, handOver) {
      signal?.throwIfAborted();
      if (closed) throw new Error('the output folder was already committed or discarded');
      throwOnUnsafe([file]);
      write(file, handOver);
    },
    async addAll(files) {
      throwOnUnsafe(files);
      await inSlices(files, (f) => write(f), signal);
    },
    commit: () =>
      // issue 8: a SIGINT/SIGTERM waits for the swap to finish or not to start.
      guarded(interrupt, async () => {
        // Last point of return: from here an interruption waits for the files to be written and swapped in.
        signal?.throwIfAborted();
        signal?.removeEventListener('abort', stopOnInterrupt);
        closed = true;
        await thread.flush();
        await thread.stop();
        // The old output goes aside under names of this build's own (its temporary folder's pid and tag): another
        // build of the same folder, in this process or another (`portal build` while `serve` rebuilds), has its own.
        const tag = path.basename(tmp).slice(tmpPrefix.length);
        const aside = (attempt: number): string => `${outDir}.old-${tag}${attempt > 1 ? `-${attempt}` : ''}`;
        const renames = () => swapIn(tmp, outDir, aside);
        let moved: string[] = [];
        try {
          moved = await (gate ? gate.swap(renames) : renames());
          inUse.delete(tmp);
          release?.();
        } finally {
          for (const old of moved) await removeTree(old);
          for (let attempt = 1; attempt <= SWAP_ATTEMPTS; attempt++) inUse.delete(aside(attempt));
        }
      }),
    discard,
  };
}

/** Removes `from` and its parents up to `upTo`, each only while it is empty (rmdir refuses otherwise). */
async function removeEmptyFolders(from: string, upTo: string): Promise<void> {
  for (let dir = from; dir.startsWith(upTo); dir = path.dirname(dir)) {
    try {
      await fsp.rmdir(dir);
    } catch {
      return;
    }
    if (dir === upTo) return;
  }
}

const utf8 = new TextEncoder();

const guarded = <T>(interrupt: Interruptible | undefined, fn: () => Promise<T>): Promise<T> =>
  interrupt ? interrupt.guard(fn) : fn();

/**
 * The folders this process has made next to output folders and still uses (temporary folders being written,
 * old outputs moved aside). Process-wide on purpose: it answers "is this leftover of my own pid still mine?",
 * which matters when two builds of one folder run in one process, or when a crashed build had the same pid
 * (a container starts its processes with the same few pids every time).
 */
const inUse = new Set<string>();

/** Makes a new folder `<prefix><pid>-<random>`, registered in use before it exists (see recoverStale). */
function makeOwnFolder(parent: string, prefix: string): string {
  for (;;) {
    const dir = path.join(parent, `${prefix}${process.pid}-${randomBytes(6).toString('hex')}`);
    inUse.add(dir);
    try {
      fs.mkdirSync(dir);
      return dir;
    } catch (err) {
      inUse.delete(dir);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/** How many times the swap tries again when another build puts its output in place between its two renames. */
const SWAP_ATTEMPTS = 5;

/**
 * Puts `tmp` in place of `outDir`, moving what was there aside (to `aside(attempt)`); returns the folders moved
 * aside, for the caller to remove. Another build of the same folder may swap its own output in at any moment:
 * moving the old output aside then finds nothing (the other build has it aside: nothing to do), and putting this
 * one in place finds the other's output there (ENOTEMPTY): it is moved aside in turn and this build tries again.
 * Every rename moves a whole folder, so the output is always one build, whole; the last one to swap wins.
 */
async function swapIn(tmp: string, outDir: string, aside: (attempt: number) => string): Promise<string[]> {
  const moved: string[] = [];
  try {
    for (let attempt = 1; attempt <= SWAP_ATTEMPTS; attempt++) {
      const old = aside(attempt);
      inUse.add(old);
      if (await renamed(outDir, old)) moved.push(old);
      try {
        await fsp.rename(tmp, outDir);
        return moved;
      } catch (err) {
        if (isTaken(err)) continue;
        // Not another build: put the old output back if this attempt moved it, so the site stays as it was.
        if (moved.at(-1) === old && (await renamed(old, outDir).catch(() => false))) moved.pop();
        throw err;
      }
    }
    throw new PortalError([
      error('output-busy', `another build kept replacing ${outDir} while this one swapped its output in`, {
        hint: 'the output folder holds that build, whole; run one build of a folder at a time, or give each its own --out',
      }),
    ]);
  } catch (err) {
    for (const left of moved) await removeTree(left);
    throw err;
  }
}

/** Renames `from` to `to`; false when `from` is not there. */
async function renamed(from: string, to: string): Promise<boolean> {
  try {
    await fsp.rename(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** The error of a rename onto a folder that is there and not empty. */
const isTaken = (err: unknown): boolean => ['ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '');

/** The route stage rejects such paths with their source; this is the last guard of the output folder (issue 20). */
function throwOnUnsafe(files: readonly OutputFile[]): void {
  const unsafe = files.flatMap((f) => {
    const problem = pathProblem(f.path);
    return problem
      ? [
          error('output-path-unsafe', `refusing to write "${excerpt(f.path)}": ${problem}`, {
            hint: 'please report it: the route stage should have named its source',
          }),
        ]
      : [];
  });
  if (unsafe.length) throw new PortalError(unsafe.slice(0, 20));
}

/**
 * A build killed outright (SIGKILL, power loss) can leave a hidden temporary folder, or, between the two
 * renames of the swap, the old output moved aside with nothing in its place: put that back, remove the rest.
 * Only leftovers: a folder whose owner is still running (another build of the same folder, or this process's own
 * still in use) is that build's, and removing it would break it mid-write or mid-swap.
 */
async function recoverStale(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await fsp.readdir(parent);
  const stale = (name: string, pid: number | undefined): boolean =>
    !inUse.has(path.join(parent, name)) && (pid === undefined || pid === process.pid || !isRunning(pid));
  for (const name of names) {
    const pid = ownerOfTemp(name, base);
    if (pid !== null && stale(name, pid)) await fsp.rm(path.join(parent, name), { recursive: true, force: true });
  }
  for (const name of names) {
    const pid = ownerOfAside(name, base);
    if (pid === null || !stale(name, pid)) continue;
    const from = path.join(parent, name);
    // Put back only where nothing is; a race with another recovery (ENOENT) or a swap (ENOTEMPTY) is settled.
    if (!(await exists(outDir))) await renamed(from, outDir).catch(() => false);
    await fsp.rm(from, { recursive: true, force: true });
  }
}

/**
 * The pid in the name of a temporary folder `.<base>.tmp-<pid>-<tag>`; undefined for one named without it (by a
 * portal before pids were in the name); null for any other name.
 */
export function ownerOfTemp(name: string, base: string): number | undefined | null {
  const prefix = `.${base}.tmp-`;
  if (!name.startsWith(prefix)) return null;
  const owner = /^(\d+)-/.exec(name.slice(prefix.length));
  return owner ? Number(owner[1]) : undefined;
}

/** The pid in the name of an old output moved aside, `<base>.old-<pid>` or `<base>.old-<pid>-<tag>`; else null. */
export function ownerOfAside(name: string, base: string): number | null {
  const prefix = `${base}.old-`;
  if (!name.startsWith(prefix)) return null;
  const owner = /^(\d+)(?:-[0-9a-f]+(?:-\d+)?)?$/.exec(name.slice(prefix.length));
  return owner ? Number(owner[1]) : null;
}

/** Whether a process of this pid runs (EPERM: it does, as another user); a pid that is no pid runs nothing. */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Copies the static files under the generated ones: links stay links, unchanged files are reused (writeOrReuse). */
async function copyStatic(
  statics: StaticFiles,
  to: string,
  previous: string | undefined,
  signal?: AbortSignal,
): Promise<void> {
  // Every copy is synchronous and the signal is checked between slices of them (rather than fs.cp, whose copies
  // carry on in the background after it rejects), so an interruption leaves nothing in flight.
  await inSlices(
    statics.entries,
    (entry) => {
      const src = path.join(statics.dir, entry.rel);
      const dest = path.join(to, entry.rel);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      if (entry.link) fs.symlinkSync(fs.readlinkSync(src), dest);
      else copyOrReuse(src, dest, previous && path.join(previous, entry.rel));
    },
    signal,
  );
}
