import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { error, excerpt, PortalError } from '../diagnostics.js';
import { pathProblem } from '../routes/route-path.js';
import type { StaticFiles } from '../content/scan-static.js';
import type { Interruptible } from './interrupt.js';
import type { SwapGate } from './swap-gate.js';
import { copyOrReuse, writeOrReuse } from './reuse.js';
import { exists, removeTree } from './tree.js';

export interface OutputFile {
  /** Path inside the output folder, `/`-separated. */
  path: string;
  contents: string | Uint8Array;
}

/**
 * How long the write stage works synchronously before it lets the event loop run (a signal handler, `serve`'s
 * requests). Synchronous calls are the fast way to write thousands of small files: an asynchronous writeFile is
 * three thread-pool round trips (open, write, close), and measured 2–3 times slower for a 1,000-page site.
 */
const SLICE_MS = 10;

/**
 * The output folder being written: files go into a temporary sibling folder, as they are made (a rendered page
 * need not wait in memory for the whole site), and replace the old output only on `commit`, so a failed or
 * interrupted build leaves the old site as it was (`discard`).
 */
export interface OutputWriter {
  /** Writes one file now; a later file of the same path replaces it. Throws for a path that leaves the folder. */
  add(file: OutputFile): void;
  /** Writes many, checking every path first, in slices that let signals and requests through. */
  addAll(files: readonly OutputFile[]): Promise<void>;
  /** What has been written so far. */
  readonly written: { files: number; bytes: number };
  /** Swaps the new output into place. */
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
  const tmp = await fsp.mkdtemp(path.join(parent, `.${path.basename(outDir)}.tmp-`));
  // Besides discard: should removing it there fail (a busy disk under a signal), the interruption's own
  // synchronous clean-up removes it before the process exits.
  const release = interrupt?.track(tmp);
  // The previous output, read (never written) for files it already holds unchanged: see writeOrReuse.
  const previous = (await exists(outDir)) ? outDir : undefined;
  const folders = new Set<string>([tmp]);
  const written = { files: 0, bytes: 0 };
  const write = (f: OutputFile): void => {
    const target = path.join(tmp, f.path);
    const dir = path.dirname(target);
    if (!folders.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      folders.add(dir);
    }
    writeOrReuse(target, f.contents, previous && path.join(previous, f.path));
    written.files++;
    written.bytes += typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength;
  };
  let closed = false;
  const discard = async (): Promise<void> => {
    closed = true;
    await fsp.rm(tmp, { recursive: true, force: true, maxRetries: 3 });
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
    add(file) {
      signal?.throwIfAborted();
      if (closed) throw new Error('the output folder was already committed or discarded');
      throwOnUnsafe([file]);
      write(file);
    },
    async addAll(files) {
      throwOnUnsafe(files);
      await inSlices(files, write, signal);
    },
    commit: () =>
      // issue 8: a SIGINT/SIGTERM waits for the swap to finish or not to start.
      guarded(interrupt, async () => {
        // Last point of return: once the old output moves aside, the new one goes in place.
        signal?.throwIfAborted();
        closed = true;
        const old = `${outDir}.old-${process.pid}`;
        const hadOld = await exists(outDir);
        const renames = async (): Promise<void> => {
          if (hadOld) await fsp.rename(outDir, old);
          await fsp.rename(tmp, outDir);
        };
        await (gate ? gate.swap(renames) : renames());
        release?.();
        if (hadOld) await removeTree(old);
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

const guarded = <T>(interrupt: Interruptible | undefined, fn: () => Promise<T>): Promise<T> =>
  interrupt ? interrupt.guard(fn) : fn();

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
 * Runs `fn` over `items` synchronously, yielding to the event loop every SLICE_MS and checking `signal` before
 * each slice: an interruption stops the work between two calls, never inside one, and nothing is left in flight.
 */
export async function inSlices<T>(
  items: readonly T[],
  fn: (item: T, index: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  let i = 0;
  while (i < items.length) {
    signal?.throwIfAborted();
    const until = performance.now() + SLICE_MS;
    do fn(items[i] as T, i);
    while (++i < items.length && performance.now() < until);
    if (i < items.length) await yieldToEventLoop();
  }
}

/**
 * A build killed outright (SIGKILL, power loss) can leave a hidden temporary folder, or, between the two
 * renames of the swap, the old output moved aside with nothing in its place: put that back, remove the rest.
 */
async function recoverStale(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await fsp.readdir(parent);
  for (const stale of names.filter((n) => n.startsWith(`.${base}.tmp-`)))
    await fsp.rm(path.join(parent, stale), { recursive: true, force: true });
  const moved = names.filter((n) => n.startsWith(`${base}.old-`) && /^\d+$/.test(n.slice(base.length + 5)));
  for (const name of moved) {
    const from = path.join(parent, name);
    if (!(await exists(outDir))) await fsp.rename(from, outDir);
    else await fsp.rm(from, { recursive: true, force: true });
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
