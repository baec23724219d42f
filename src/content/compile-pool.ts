import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CLAIM_NEXT,
  CLAIM_STOP,
  type CompileBatch,
  type CompileBatchMessage,
  claimSlot,
  claimsFor,
  holdBuffer,
} from './compile-batch.js';
import type { ProcessedSource } from './process-source.js';
import { markUsed, pruneFolder } from '../disk-entry.js';
import type { Interruptible } from '../output/interrupt.js';
import { inSlices } from '../in-slices.js';
import { workerScript } from '../worker-script.js';

/**
 * A cache entry's key: the compiler's code (a hash of the bundled worker and package-lock.json, computed at each
 * build, never bumped by hand), the highlighted languages, the file and its text. Any change to any of them misses.
 */
export const cacheKey = (codeHash: string, languages: readonly string[], file: string, text: string): string =>
  createHash('sha1')
    .update(`${codeHash}\0${languages.join(',')}\0${file}\0${text}`)
    .digest('hex');

export interface CompileCache {
  /** In-memory entries survive between rebuilds of `portal serve`. */
  memory: Map<string, ProcessedSource>;
  /** On-disk entries survive between runs; undefined disables the disk cache (cold benchmarks). */
  dir?: string | undefined;
  /** The keys of the build under way, so `serve` can let every older version of an edited file go. */
  used?: Set<string> | undefined;
}

export const createCompileCache = (dir?: string): CompileCache => ({ memory: new Map(), dir });

/**
 * Keeps in memory only what the last build used (each save of a doc is a new entry: a day of edits would keep
 * them all), and starts recording the next build's keys. The disk cache is left as it is.
 */
export function keepOnlyUsed(cache: CompileCache): void {
  const used = cache.used;
  cache.used = new Set();
  if (!used) return;
  for (const key of cache.memory.keys()) if (!used.has(key)) cache.memory.delete(key);
}

/** Worker threads that compile sources; started before they are needed so their start-up overlaps other work. */
export interface CompilePool {
  /** Ready workers, `count` of them at most: more are started when fewer run (up to one per core). */
  workers(count: number): Promise<Worker[]>;
  /** A hash of the compiler's code: the bundled worker with its inputs from src/, and package-lock.json. */
  codeHash: Promise<string>;
  /**
   * Until `until` settles, the workers take no further source but an urgent batch's (compileAll's `urgent`), each
   * ending the one it compiles: `serve` makes a reader's page alone meanwhile, with the cores to itself.
   */
  hold(until: Promise<unknown>): void;
  close(): Promise<void>;
}

/**
 * Starts `initial` compile workers at once. Loading the compiler takes a worker a few hundred milliseconds, so the
 * build starts one while it scans the site, and more once it knows how many files need compiling.
 */
export function startCompilePool(options: {
  /**
   * The site's grammars (spec §9 and `prism.additionalLanguages`); a promise when the pool starts before the config
   * is read (build.ts), given to each worker once the config says them.
   */
  languages: readonly string[] | Promise<readonly string[]>;
  initial: number;
  interrupt?: Interruptible | undefined;
}): CompilePool {
  const running: Worker[] = [];
  const holds = holdBuffer();
  let closing: Promise<void> | undefined;
  let releaseScript: (() => void) | undefined;
  let script: string | undefined;
  let languages = Array.isArray(options.languages) ? (options.languages as readonly string[]) : undefined;
  const languagesKnown = Promise.resolve(options.languages).then((list) => {
    languages = list;
    return list;
  });
  const made = compileWorkerScript();
  const ready = made.then(({ file, own }) => {
    if (!own) return file;
    script = file;
    // Removed by the CLI's signal handler when Ctrl-C stops the build mid-compile (issue 8).
    releaseScript = options.interrupt?.track(file);
    return file;
  });
  const grow = async (count: number): Promise<Worker[]> => {
    const file = await ready;
    if (closing) throw new Error('the compile pool was closed');
    const wanted = Math.max(1, Math.min(os.availableParallelism(), count));
    while (running.length < wanted) {
      const worker = new Worker(file, { workerData: { languages, hold: holds } });
      // Started before the config was read: the worker loads the compiler meanwhile and takes its grammars later,
      // before its first batch (posted once the config is known, so after this message).
      if (!languages) void languagesKnown.then((list) => worker.postMessage({ languages: list }));
      // A crashed worker leaves the pool, so the next compile (the next rebuild of `serve`) starts a new one.
      worker.once('exit', (code: number) => {
        exited.set(worker, code);
        const at = running.indexOf(worker);
        if (at >= 0) running.splice(at, 1);
      });
      running.push(worker);
    }
    return running.slice(0, wanted);
  };
  const first = options.initial > 0 ? grow(options.initial) : ready;
  return {
    workers: grow,
    codeHash: made.then(({ hash }) => hash),
    hold(until) {
      const count = new Int32Array(holds);
      Atomics.add(count, 0, 1);
      // A page made alone takes under a second: whatever becomes of it, the build is not held longer than this.
      const cap = new Promise<void>((resolve) => setTimeout(resolve, MAX_HOLD_MS).unref());
      void Promise.race([until.catch(() => undefined), cap]).then(() => {
        Atomics.sub(count, 0, 1);
        Atomics.notify(count, 0);
      });
    },
    close() {
      closing ??= (async () => {
        await first.catch(() => undefined);
        await Promise.all(running.map((w) => w.terminate()));
        if (script) await fs.rm(script, { force: true });
        releaseScript?.();
      })();
      return closing;
    },
  };
}

/**
 * Whether a build of the site in `siteDir` compiles every doc (nothing of it compiled in memory, nor on disk): its
 * first compile worker is then worth starting before anything else is known (build.ts). The disk cache is shared by
 * every site built with this checkout and keyed by each doc's path too, so it is asked about this site: a copy of
 * the portal elsewhere found the portal's entries and started its worker late, then compiled every doc anyway.
 */
export async function compilesEverything(cache: CompileCache, siteDir: string): Promise<boolean> {
  if (cache.memory.size > 0) return false;
  if (!cache.dir) return true;
  return fs.access(siteMarker(cache.dir, siteDir)).then(
    () => false,
    () => true,
  );
}

/**
 * Whether `source` is in the cache for the compiler and grammars of `pool`: a sample of the site's docs. The
 * site's mark (compilesEverything) outlives its entries when the compiler's code changes (a dependency update:
 * every entry then misses), and `serve` needs to know whether its first build compiles the whole site.
 */
export async function isCompiled(
  cache: CompileCache,
  pool: CompilePool,
  languages: readonly string[],
  source: { file: string; text: string },
): Promise<boolean> {
  return readCached(cache, cacheKey(await pool.codeHash, languages, source.file, source.text)) !== undefined;
}

/** Notes that the disk cache holds the docs of the site in `siteDir` (compilesEverything). */
export async function markCompiled(cache: CompileCache, siteDir: string): Promise<void> {
  if (!cache.dir) return;
  const marker = siteMarker(cache.dir, siteDir);
  await fs.mkdir(path.dirname(marker), { recursive: true });
  await fs.writeFile(marker, `${siteDir}\n`);
}

const siteMarker = (dir: string, siteDir: string): string =>
  path.join(dir, 'sites', createHash('sha1').update(siteDir).digest('hex').slice(0, 16));

/**
 * Compiles many sources on worker threads, skipping any whose content hash is cached. Results come back in input
 * order. Uses the pool given, or starts one for the call.
 */
export async function compileAll(
  inputs: ReadonlyArray<{ file: string; text: string }>,
  options: {
    cache: CompileCache;
    languages: readonly string[];
    interrupt?: Interruptible | undefined;
    pool?: CompilePool | undefined;
    /** Compiled even while the pool is held (CompilePool.hold). */
    urgent?: boolean | undefined;
  },
): Promise<ProcessedSource[]> {
  const { cache, languages } = options;
  const pool = options.pool ?? startCompilePool({ languages, initial: 0, interrupt: options.interrupt });
  try {
    const codeHash = await pool.codeHash;
    const keys = inputs.map(({ file, text }) => cacheKey(codeHash, languages, file, text));
    for (const key of keys) cache.used?.add(key);
    const results: Array<ProcessedSource | undefined> = [];
    await inSlices(
      keys,
      (key, i) => {
        results[i] = readCached(cache, key);
      },
      options.interrupt?.signal,
    );
    const todo = results.flatMap((r, i) => (r ? [] : [i]));
    if (todo.length > 0) {
      // A handful of files compile faster on one worker than it takes to start a second.
      const workers = await pool.workers(todo.length > 4 ? COMPILE_THREADS : 1);
      await compileBatch(
        workers,
        todo.map((i) => inputs[i] as { file: string; text: string }),
        async (at, result) => {
          const index = todo[at] as number;
          results[index] = result;
          await writeCached(cache, keys[index] as string, result, options.interrupt);
        },
        options.urgent,
      );
      if (cache.dir) schedulePrune(cache.dir, inputs.length);
    }
    return results as ProcessedSource[];
  } finally {
    if (!options.pool) await pool.close();
  }
}

/**
 * Workers that have exited, with their exit code. One can die between two batches (while the last result is
 * written to the disk cache): its 'exit' event is past, so a batch given to it must fail at once instead of waiting
 * for an answer that never comes.
 */
const exited = new WeakMap<Worker, number>();

/**
 * Workers a long list is compiled on: one core is left to the main thread, which is busy meanwhile (it takes each
 * result, and loads the API document at the same time). A worker per core beside it made more busy threads than
 * cores, and each extra worker loads the compiler again: on 2 cores, the portal's cold build took 5.1-6.2 s with
 * two workers and 4.7-5.6 s with one; the 1,000-page corpus compiled in 2.5-2.8 s with two, 1.9-2.2 s with one.
 */
export const COMPILE_THREADS = Math.max(1, os.availableParallelism() - 1);

/** The longest a hold (CompilePool.hold) keeps the workers waiting. */
const MAX_HOLD_MS = 10_000;

/**
 * Batch ids unique in the process: `serve` compiles an edited doc on the kept workers while a rebuild may be using
 * them too, and an answer must reach only the batch that asked.
 */
let lastBatch = 0;

/**
 * Compiles `inputs` on `workers`, which take them one at a time from a shared counter (compile-batch.ts), and
 * hands each result to `take` as it comes. The first failure (a compile that threw, a worker that died, a `take`
 * that failed) stops the workers taking more and rejects, but only once every worker has ended the source it was
 * compiling and every `take` has ended: rejecting at once left another worker's cache write going on after the
 * caller had moved on (a test reading the cache folder then found its temporary file).
 */
function compileBatch(
  workers: readonly Worker[],
  inputs: ReadonlyArray<{ file: string; text: string }>,
  take: (index: number, result: ProcessedSource) => Promise<void>,
  urgent?: boolean,
): Promise<void> {
  const batch = ++lastBatch;
  const claims = claimsFor(workers.length);
  const claim = new Int32Array(claims);
  claim.fill(-1, claimSlot(0));
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown): void => {
    failure ??= { error };
    Atomics.store(claim, CLAIM_STOP, 1);
  };
  const takes: Array<Promise<void>> = [];
  /** The file a worker was compiling (or compiled last); one that had taken none is named by the next to take. */
  const fileOf = (slot: number): string => {
    const taken = Atomics.load(claim, claimSlot(slot));
    const next = Math.min(Atomics.load(claim, CLAIM_NEXT), inputs.length - 1);
    return inputs[taken >= 0 ? taken : next]?.file ?? 'a source';
  };
  const stopped = (slot: number, code: number) =>
    new Error(`compiling ${fileOf(slot)} stopped the worker (exit code ${code})`);
  const ended = workers.map(
    (worker, slot) =>
      new Promise<void>((resolve) => {
        const done = () => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          resolve();
        };
        const onMessage = (msg: CompileBatchMessage) => {
          if (msg.batch !== batch) return;
          if ('done' in msg) done();
          else if ('result' in msg) takes.push(take(msg.index, msg.result).catch(fail));
          else fail(new Error(`compiling ${inputs[msg.index]?.file} crashed: ${msg.failure}`));
        };
        const onError = (err: Error) => {
          fail(new Error(`compiling ${fileOf(slot)} crashed the worker: ${err.message}`, { cause: err }));
          done();
        };
        // A worker that exits without an error (terminated, or `process.exit` in a dependency) sends no `done`.
        const onExit = (code: number) => {
          fail(stopped(slot, code));
          done();
        };
        // One can die between two compiles (while the last result is written to the disk cache): its 'exit' event
        // is past, so the batch must fail at once instead of waiting for an answer that never comes.
        const code = exited.get(worker);
        if (code !== undefined) {
          fail(stopped(slot, code));
          resolve();
          return;
        }
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage({ batch, inputs, claims, slot, urgent } satisfies CompileBatch);
      }),
  );
  return Promise.all(ended).then(async () => {
    // Every answer has arrived once its worker said `done`; the takes they started may still be writing.
    await Promise.all(takes);
    if (failure) throw failure.error;
  });
}

/**
 * Synchronous, in slices (compileAll): reading the corpus's 1,000 entries through the thread pool took 290-360 ms
 * against 110-170 ms read in turn, most of a warm build's compile stage and of `serve`'s wait for its first page.
 */
function readCached(cache: CompileCache, key: string): ProcessedSource | undefined {
  const hit = cache.memory.get(key);
  if (hit || !cache.dir) return hit;
  try {
    const file = path.join(cache.dir, `${key}.json`);
    const value = JSON.parse(readFileSync(file, 'utf8')) as ProcessedSource;
    cache.memory.set(key, value);
    // Used now: pruning (pruneCompileCache) removes the least recently used entries first.
    markUsed(file);
    return value;
  } catch {
    return undefined;
  }
}

async function writeCached(
  cache: CompileCache,
  key: string,
  value: ProcessedSource,
  interrupt?: Interruptible,
): Promise<void> {
  // Failed compiles are not cached: the message names the file, and a fix changes the hash anyway.
  if (value.diagnostics.some((d) => d.severity === 'error')) return;
  cache.memory.set(key, value);
  if (!cache.dir) return;
  await fs.mkdir(cache.dir, { recursive: true });
  const tmp = path.join(cache.dir, `${key}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  // An entry appears whole or not at all: written aside, then renamed; Ctrl-C in between removes the part written.
  const release = interrupt?.track(tmp);
  try {
    await fs.writeFile(tmp, JSON.stringify(value));
    await fs.rename(tmp, path.join(cache.dir, `${key}.json`));
  } finally {
    release?.();
  }
}

/**
 * Entries the disk cache keeps, at least: every save of a doc adds one (its key is the text), so without a bound a
 * working copy's cache only grew (28,000 entries, 512 MB, in the project's own after a few weeks). A build keeps
 * at least twice its own sources, so a large site never prunes the entries it is about to read.
 */
export const COMPILE_CACHE_ENTRIES = 5000;
/** A build prunes only once the cache is this share over its limit, and then down to it (pruneFolder's slack). */
const PRUNE_SLACK = 0.1;
/** `serve` writes an entry per edit: the folder is listed at most this often per process. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrune = 0;
/** An entry's name: its key (cacheKey), then .json. */
const ENTRY_NAME = /^[0-9a-f]{40}\.json$/;

/** After a build wrote entries: prunes the folder in the background, at most every PRUNE_EVERY_MS. */
function schedulePrune(dir: string, sources: number): void {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  pruneCompileCache(dir, Math.max(COMPILE_CACHE_ENTRIES, 2 * sources), PRUNE_SLACK).catch(() => undefined);
}

/**
 * Keeps the `keep` most recently used entries of the compile cache in `dir` (a read touches its entry) and removes
 * the rest, with temporary files left by killed builds (disk-entry.ts, the other caches' pruning). A build reading
 * an entry removed meanwhile misses and compiles again: a cache only ever misses. Returns the number removed.
 */
export const pruneCompileCache = (dir: string, keep: number, slack = 0): Promise<number> =>
  pruneFolder(dir, { isEntry: (name) => ENTRY_NAME.test(name), limits: { entries: keep, bytes: Infinity }, slack });

/** The worker the CLI's launcher bundled beside the running bundle, with its hash: read once per process. */
let bundled: { file: string; hash: string } | undefined;

/** The compile worker as one plain-JS file (see workerScript), with a hash of its code for the cache key. */
async function compileWorkerScript(): Promise<{ file: string; hash: string; own: boolean }> {
  if (bundled) return { ...bundled, own: false };
  const { file, own } = await workerScript(
    path.join(import.meta.dirname, 'compile-worker.ts'),
    path.resolve(import.meta.dirname, '../../.portal'),
    import.meta.url,
  );
  const hash = await codeHash(await fs.readFile(file));
  if (!own) bundled = { file, hash };
  return { file, hash, own };
}

/** Packages stay outside the worker's bundle, so their versions enter the hash through the lockfile. */
async function codeHash(code: Buffer): Promise<string> {
  const lock = await fs.readFile(path.resolve(import.meta.dirname, '../../package-lock.json')).catch(() => '');
  return createHash('sha1').update(code).update('\0').update(lock).digest('hex');
}
