import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { error, excerpt, PortalError } from '../diagnostics.js';
import { pathProblem } from '../routes/route-path.js';
import type { StaticFiles } from '../content/scan-static.js';
import type { Interruptible } from './interrupt.js';

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
 * Writes one file of the new output. When the previous output holds a regular file with exactly these bytes at
 * the same place, that file is hard-linked instead. Why: removing the previous output after the swap frees the
 * blocks of every file it held, and where the file system discards freed blocks (the 2-core build machine's
 * ext4 is mounted with `discard`) that measured about a millisecond per file once the data had reached the disk:
 * seconds for a 1,000-page site. A file linked into the new output keeps its blocks, so removing its old name
 * is cheap, and its data is not written again. The bytes are compared before linking, so the new output is the
 * same as if written; the previous output stays as it was (a link only adds a name), and removing the temporary
 * folder after a failure removes only names.
 */
export function writeOrReuse(target: string, contents: string | Uint8Array, previous: string | undefined): void {
  if (previous !== undefined && holdsBytes(previous, contents) && linked(previous, target)) return;
  asNewFile(target, (flag) => fs.writeFileSync(target, contents, { flag }));
}

/**
 * Creates `target` with `create` (given the exclusive-create flag), replacing a name already there instead of
 * writing through it: that name may be a link into the previous output (a static file, or an earlier entry for
 * the same path, that was reused), which must never change before the swap.
 */
function asNewFile(target: string, create: (flag: string) => void): void {
  try {
    create('wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    fs.unlinkSync(target);
    create('wx');
  }
}

/**
 * True when `file` is a regular file (not a link) whose bytes are `contents` (UTF-8 for a string). Anything
 * unreadable (missing, a file where a folder was, no permission) is simply not the same.
 */
export function holdsBytes(file: string, contents: string | Uint8Array): boolean {
  try {
    const stats = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) return false;
    // The size first: it rules out most changed files without reading them.
    if (stats.size !== (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength)) return false;
    return fs.readFileSync(file).equals(typeof contents === 'string' ? Buffer.from(contents) : contents);
  } catch {
    return false;
  }
}

/** Links `existing` at `target`; false when that is not possible (another file system, a file already there). */
function linked(existing: string, target: string): boolean {
  try {
    fs.linkSync(existing, target);
    return true;
  } catch {
    return false;
  }
}

/** Copies one static file, or links the previous output's copy of it when that is unchanged (see writeOrReuse). */
function copyOrReuse(src: string, dest: string, previous: string | undefined): void {
  if (previous !== undefined && sameFileContents(src, previous) && linked(previous, dest)) return;
  asNewFile(dest, () => fs.copyFileSync(src, dest, fs.constants.COPYFILE_EXCL));
}

/** True when both are readable regular files with the same bytes. */
export function sameFileContents(a: string, b: string): boolean {
  try {
    const sa = fs.lstatSync(a, { throwIfNoEntry: false });
    const sb = fs.lstatSync(b, { throwIfNoEntry: false });
    if (!sa?.isFile() || !sb?.isFile() || sa.size !== sb.size) return false;
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}

/**
 * The folders that `files` (absolute paths inside `root`) need, each once and parents before children (a
 * parent is a prefix of its children, so it sorts first), without `root` itself, which exists. Created in this
 * order, each takes one mkdir call where a recursive mkdir per file would repeat the whole chain.
 */
export function foldersToCreate(root: string, files: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const file of files) {
    const dir = path.dirname(file);
    if (dir !== root) dirs.add(dir);
  }
  return [...dirs].sort();
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
 * `rm -r` of a folder this stage owns (the old output, moved aside). fs.rm runs an lstat before every unlink;
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

/** True when the path exists; shared by the stages that must not fail on a missing folder. */
export const exists = (p: string): Promise<boolean> =>
  fsp.access(p).then(
    () => true,
    () => false,
  );
