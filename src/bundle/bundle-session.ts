import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import { readBundle, writeBundle } from './bundle-disk-cache.js';
import { generatedFilesPlugin } from './generated-files.js';
import type { GeneratedFile } from './route-modules.js';

/**
 * esbuild contexts kept by `portal serve` between rebuilds. A rebuild of a context reuses what esbuild parsed
 * last time (React, the shell, the templates, unchanged pages), so after a doc edit the bundle stage redoes only
 * what changed. `build` runs without one: a plain esbuild build, as before.
 */
export interface BundleSession {
  /** Part of the generation folders' names for the whole session: a context's paths must stay the same. */
  readonly id: string;
  readonly contexts: Map<
    string,
    { key: string; context: esbuild.BuildContext; generated: { files: readonly GeneratedFile[] } }
  >;
  /** Data chunks by the page data they hold (client.ts): unchanged API pages are not encoded again on each save. */
  readonly dataChunks: WeakMap<
    object,
    { key: string; chunk: { file: string; contents: Uint8Array; inlined: boolean } }
  >;
}

export const createBundleSession = (): BundleSession => ({
  id: `${process.pid}-${Date.now()}`,
  contexts: new Map(),
  dataChunks: new WeakMap(),
});

export async function disposeBundleSession(session: BundleSession): Promise<void> {
  await Promise.all([...session.contexts.values()].map((c) => c.context.dispose()));
  session.contexts.clear();
}

/**
 * One esbuild build of `options` with the generated modules served from memory. In a session, the context made
 * for the same name and options (entry points included) is rebuilt; other options make a new context. Without
 * one, given a disk cache folder (`build`), the result of the last build with the same options, modules and
 * inputs is taken from it (bundle-disk-cache.ts).
 */
export async function runBundle<T extends esbuild.BuildOptions & { metafile: true }>(
  /** What is kept from other builds: serve's session, or a disk cache folder (bundle-disk-cache.ts) for `build`. */
  reuse: BundleSession | string | undefined,
  name: string,
  genDir: string,
  generated: readonly GeneratedFile[],
  options: T,
): Promise<esbuild.BuildResult<T>> {
  const withFiles = (files: () => readonly GeneratedFile[]): esbuild.BuildOptions => ({
    ...options,
    plugins: [generatedFilesPlugin(genDir, files)],
  });
  // The options given decide the result's shape (metafile, outputFiles); the plugin added does not change it.
  if (typeof reuse !== 'object') {
    const kept = reuse ? await readBundle(reuse, genDir, generated, options) : undefined;
    if (kept) return kept as esbuild.BuildResult<T>;
    const result = (await esbuild.build(withFiles(() => generated))) as esbuild.BuildResult<T>;
    if (reuse) await writeBundle(reuse, genDir, generated, options, result);
    return result;
  }
  const session = reuse;
  const key = createHash('sha1').update(JSON.stringify({ genDir, options })).digest('hex');
  const id = `${name}\0${genDir}`;
  let kept = session.contexts.get(id);
  if (kept?.key !== key) {
    await kept?.context.dispose();
    const holder = { files: generated };
    const context = await esbuild.context(withFiles(() => holder.files));
    kept = { key, context, generated: holder };
    session.contexts.set(id, kept);
  }
  kept.generated.files = generated;
  return (await kept.context.rebuild()) as esbuild.BuildResult<T>;
}
