import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { error, excerpt, PortalError } from '../diagnostics.js';
import { pathProblem } from '../routes/route-path.js';
import type { StaticFiles } from '../content/scan-static.js';
import type { Interruptible } from './interrupt.js';
import { copyOrReuse, writeOrReuse } from './reuse.js';
import { exists, foldersToCreate, removeTree } from './tree.js';

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
 * Write stage, the one writer of the output folder: everything goes into a temporary sibling folder which
 * replaces the old output only once complete, so a failed or interrupted build leaves the old site as it was.
 */
export async function writeOutput(
  outDir: string,
  files: readonly OutputFile[],
  statics?: StaticFiles,
  interrupt?: Interruptible,
): Promise<void> {
  // issue 8: a SIGINT/SIGTERM waits for this stage to stop at a slice boundary (or to finish the swap).
  return interrupt
    ? interrupt.guard(() => writeInto(outDir, files, statics, interrupt))
    : writeInto(outDir, files, statics);
}

async function writeInto(
  outDir: string,
  files: readonly OutputFile[],
  statics: StaticFiles | undefined,
  interrupt?: Interruptible,
): Promise<void> {
  const signal = interrupt?.signal;
  // The route stage rejects such paths with their source; this is the last guard of the output folder (issue 20).
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
  const parent = path.dirname(outDir);
  await fsp.mkdir(parent, { recursive: true });
  await recoverStale(outDir);
  const tmp = await fsp.mkdtemp(path.join(parent, `.${path.basename(outDir)}.tmp-`));
  // Besides the catch below: should removing it there fail (a busy disk under a signal), the interruption's
  // own synchronous clean-up removes it before the process exits.
  const release = interrupt?.track(tmp);
  // The previous output, read (never written) for files it already holds unchanged: see writeOrReuse.
  const previous = (await exists(outDir)) ? outDir : undefined;
  try {
    if (statics) await copyStatic(statics, tmp, previous, signal);
    signal?.throwIfAborted();
    const targets = files.map((f) => path.join(tmp, f.path));
    await inSlices(foldersToCreate(tmp, targets), (dir) => fs.mkdirSync(dir, { recursive: true }), signal);
    await inSlices(
      files,
      (f, i) => writeOrReuse(targets[i] as string, f.contents, previous && path.join(previous, f.path)),
      signal,
    );
    // Last point of return: once the old output moves aside, the new one goes in place.
    signal?.throwIfAborted();
    const old = `${outDir}.old-${process.pid}`;
    const hadOld = await exists(outDir);
    if (hadOld) await fsp.rename(outDir, old);
    await fsp.rename(tmp, outDir);
    release?.();
    if (hadOld) await removeTree(old);
  } catch (err) {
    await fsp.rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    release?.();
    throw err;
  }
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
