import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { bundleInputs, outputsToKeep, readBundle, writeBundle } from './bundle-disk-cache.js';
import { generatedFilesPlugin } from './generated-files.js';
import type { GeneratedFile } from './route-modules.js';

/**
 * esbuild contexts kept by `portal serve` between rebuilds. A rebuild of a context reuses what esbuild parsed
 * last time (React, the shell, the templates, unchanged pages), so after a doc edit the bundle stage redoes only
 * what changed. `build` runs without one: a plain esbuild build, as before.
 *
 * With a disk cache (bundle-disk-cache.ts), a session's first bundle of each kind is taken from it when nothing it
 * was made from has changed: a `serve` started again after its output was removed or replaced by `portal build`
 * answers its first page without bundling (1.8 s -> 0.8 s on the portal). The context is then made after the first
 * build (warmBundleContexts), and each bundle made is kept on disk once the session has been quiet a while.
 */
export interface BundleSession {
  /** Part of the generation folders' names for the whole session: a context's paths must stay the same. */
  readonly id: string;
  readonly contexts: Map<string, KeptContext>;
  /** Bundles taken from the disk cache, by context: their context is made by warmBundleContexts. */
  readonly fromDisk: Map<string, { key: string; genDir: string; make: () => Promise<KeptContext> }>;
  /** Contexts being made by warmBundleContexts: a rebuild waits for its own. */
  readonly warming: Map<string, Promise<unknown>>;
  /** The newest bundle of each context not yet kept on disk, written after WRITE_QUIET_MS without a bundle. */
  readonly unwritten: Map<string, () => Promise<void>>;
  writeTimer?: NodeJS.Timeout | undefined;
  readonly writeQuietMs: number;
  /** The disk writes under way: a rebuild waits for them, as they read what the server bundle wrote. */
  writing: Promise<unknown>;
  /**
   * The files `serve` saw change since its last good build, for the build under way (undefined before the first):
   * a bundle whose generated modules are those of its context's last build, and none of whose inputs is among
   * them, is that build's again, without esbuild (an edit of the API document's text: ~0.45 s of ~1.4 s).
   */
  changed?: readonly string[] | undefined;
  /** Data chunks by the page data they hold (client.ts): unchanged API pages are not encoded again on each save. */
  readonly dataChunks: WeakMap<
    object,
    { key: string; chunk: { file: string; contents: Uint8Array; inlined: boolean } }
  >;
}

interface KeptContext {
  key: string;
  context: esbuild.BuildContext;
  /** The generation folder it bundles from (and the server's writes into), removed with the session. */
  genDir: string;
  generated: { files: readonly GeneratedFile[] };
  /** Its last rebuild, for a build that changes nothing it reads (BundleSession.changed). */
  last?: LastBundle | undefined;
}

interface LastBundle {
  /** A digest of the generated modules it was made from. */
  generated: string;
  result: esbuild.BuildResult;
  /** What it wrote into the generation folder (the server's bundle), written again when it is reused. */
  written: Array<{ path: string; contents: Uint8Array }>;
  /** The files it read beyond the generated modules, and their folders (a new file there may resolve otherwise). */
  inputs: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

/** How long a session goes without bundling before its newest bundles are kept on disk (not while an author types). */
export const WRITE_QUIET_MS = 5000;

export const createBundleSession = (options: { writeQuietMs?: number } = {}): BundleSession => ({
  id: `${process.pid}-${Date.now()}`,
  writeQuietMs: options.writeQuietMs ?? WRITE_QUIET_MS,
  contexts: new Map(),
  fromDisk: new Map(),
  warming: new Map(),
  unwritten: new Map(),
  writing: Promise.resolve(),
  dataChunks: new WeakMap(),
});

export async function disposeBundleSession(session: BundleSession): Promise<void> {
  clearTimeout(session.writeTimer);
  session.unwritten.clear();
  session.fromDisk.clear();
  await Promise.allSettled([session.writing, ...session.warming.values()]);
  const kept = [...session.contexts.values()];
  session.contexts.clear();
  await Promise.all(kept.map((c) => c.context.dispose()));
  // A build removes its generation folder when it ends, but a context rebuilt since (warmBundleContexts) wrote there.
  await Promise.all(kept.map((c) => fs.rm(c.genDir, { recursive: true, force: true }).catch(() => undefined)));
}

/**
 * Makes the contexts of the bundles a session took from the disk cache, each built once, so that the first rebuild
 * after an edit is as quick as any later one. `serve` calls it once its first build is done.
 */
export async function warmBundleContexts(
  session: BundleSession,
  /**
   * The CLI's clean-up on a signal (output/interrupt.ts): the server's context writes into the generation folder,
   * which the build that made it has removed, and which the next build removes again when it ends.
   */
  track?: (dir: string) => unknown,
): Promise<void> {
  const making = [...session.fromDisk].map(([id, { genDir, make }]) => {
    session.fromDisk.delete(id);
    track?.(genDir);
    const made = make()
      .then((kept) => {
        // Not if the session was closed meanwhile, or a rebuild made a context of its own.
        if (session.contexts.has(id) || session.warming.get(id) !== made) return kept.context.dispose();
        session.contexts.set(id, kept);
      })
      .catch(() => undefined)
      .finally(() => {
        if (session.warming.get(id) === made) session.warming.delete(id);
      });
    session.warming.set(id, made);
    return made;
  });
  await Promise.all(making);
}

/** What a bundle is kept from: serve's session, and a disk cache folder (bundle-disk-cache.ts). */
export interface BundleReuse {
  session?: BundleSession | undefined;
  diskCache?: string | undefined;
}

/**
 * One esbuild build of `options` with the generated modules served from memory. In a session, the context made
 * for the same name and options (entry points included) is rebuilt; other options make a new context. Given a disk
 * cache folder, the result of the last build with the same options, modules and inputs is taken from it when there
 * is no context to rebuild (bundle-disk-cache.ts).
 */
export async function runBundle<T extends esbuild.BuildOptions & { metafile: true }>(
  reuse: BundleReuse,
  name: string,
  genDir: string,
  generated: readonly GeneratedFile[],
  options: T,
): Promise<esbuild.BuildResult<T>> {
  const withFiles = (files: () => readonly GeneratedFile[]): esbuild.BuildOptions => ({
    ...options,
    plugins: [generatedFilesPlugin(genDir, files)],
  });
  const { session, diskCache } = reuse;
  // The options given decide the result's shape (metafile, outputs); the plugin added does not change it.
  if (!session) {
    const kept = diskCache ? await readBundle(diskCache, genDir, generated, options) : undefined;
    if (kept) return kept as esbuild.BuildResult<T>;
    const result = (await esbuild.build(withFiles(() => generated))) as esbuild.BuildResult<T>;
    if (diskCache) await writeBundle(diskCache, genDir, generated, options, result);
    return result;
  }
  const key = createHash('sha1').update(JSON.stringify({ genDir, options })).digest('hex');
  const id = `${name}\0${genDir}`;
  await Promise.allSettled([session.warming.get(id), session.writing]);
  let kept = session.contexts.get(id);
  if (kept?.key !== key) {
    const make = async (files: readonly GeneratedFile[]): Promise<KeptContext> => {
      const holder = { files };
      const context = await esbuild.context(withFiles(() => holder.files));
      return { key, context, genDir, generated: holder };
    };
    const stored = !kept && diskCache ? await readBundle(diskCache, genDir, generated, options) : undefined;
    if (stored) {
      session.fromDisk.set(id, {
        key,
        genDir,
        make: async () => {
          const made = await make(generated);
          await made.context.rebuild();
          return made;
        },
      });
      return stored as esbuild.BuildResult<T>;
    }
    session.fromDisk.delete(id);
    await kept?.context.dispose();
    kept = await make(generated);
    session.contexts.set(id, kept);
  }
  const generatedDigest = digestOf(generated);
  const unchanged = kept.last && sameAsLast(kept.last, generatedDigest, session.changed);
  if (unchanged) {
    await Promise.all(
      unchanged.written.map(async (f) => {
        await fs.mkdir(path.dirname(f.path), { recursive: true });
        await fs.writeFile(f.path, f.contents);
      }),
    );
    return unchanged.result as esbuild.BuildResult<T>;
  }
  kept.last = undefined;
  kept.generated.files = generated;
  const startedAt = Date.now();
  const result = (await kept.context.rebuild()) as esbuild.BuildResult<T>;
  const inputs = bundleInputs(result.metafile as esbuild.Metafile, genDir, options);
  // Read at once: the build removes its generation folder when it ends.
  const outputs = await outputsToKeep(genDir, options, result);
  if (outputs)
    kept.last = {
      generated: generatedDigest,
      result,
      written: result.outputFiles ? [] : outputs.map((o) => ({ path: path.join(genDir, o.rel), contents: o.contents })),
      inputs: new Set(inputs),
      folders: new Set(inputs.map((f) => path.dirname(f))),
    };
  if (diskCache) {
    session.unwritten.set(id, () => writeBundle(diskCache, genDir, generated, options, result, { startedAt, outputs }));
    clearTimeout(session.writeTimer);
    session.writeTimer = setTimeout(() => writeUnwritten(session), session.writeQuietMs);
    session.writeTimer.unref();
  }
  return result;
}

const digestOf = (files: readonly GeneratedFile[]): string => {
  const hash = createHash('sha1');
  for (const f of files) hash.update(f.rel).update('\0').update(f.contents).update('\0');
  return hash.digest('hex');
};

/** Whether nothing the last bundle read has changed: the same generated modules, and no changed file it read or could. */
function sameAsLast(
  last: LastBundle,
  generated: string,
  changed: readonly string[] | undefined,
): LastBundle | undefined {
  if (!changed || last.generated !== generated) return undefined;
  for (const file of changed) {
    const name = path.basename(file);
    // A folder itself counts too: serve's watcher reports a folder removed (unlinkDir) as well as its files.
    if (
      last.inputs.has(file) ||
      last.folders.has(file) ||
      last.folders.has(path.dirname(file)) ||
      CONFIG_NAMES.has(name)
    )
      return undefined;
  }
  return last;
}
/** Files that change how esbuild reads the files beside and below them. */
const CONFIG_NAMES = new Set(['package.json', 'tsconfig.json', 'jsconfig.json']);

function writeUnwritten(session: BundleSession): void {
  const writes = [...session.unwritten.values()];
  session.unwritten.clear();
  session.writing = Promise.allSettled([session.writing, ...writes.map((write) => write())]);
}
