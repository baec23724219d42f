import { createHash } from 'node:crypto';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { bundleInputs, readBundle, writeBundle } from './bundle-disk-cache.js';

const workerEntry = path.resolve(import.meta.dirname, '../../templates/liquid/render.worker.ts');

/** The Try it worker's file, by its path under the assets folder, and its bytes. */
export interface LiquidWorkerFile {
  /** File name inside the assets folder, with a hash of its contents: `liquid-worker-3fa9c1d2.js`. */
  name: string;
  contents: Uint8Array;
  /** The files it was bundled from (bundle-disk-cache.ts, bundleInputs). */
  inputs: string[];
}

/**
 * Bundle stage, Try it (issue 19): the worker that renders Liquid examples (LiquidJS and the theme engine), one
 * self-contained classic-worker script. Built before the client bundle, which learns its name through a `define`;
 * nothing loads it before a reader's first click on Try it.
 */
export function buildLiquidWorker(options: {
  minify: boolean;
  /** `build`: the folder of bundle-disk-cache.ts, which keeps the worker for the next run. */
  diskCache?: string | undefined;
}): Promise<LiquidWorkerFile> {
  // Its sources are the portal's own (templates/liquid, LiquidJS), never the site's: one build per process serves
  // every rebuild of a `portal serve` session.
  let built = builtWorkers.get(options.minify);
  if (!built) {
    built = bundleLiquidWorker(options.minify, options.diskCache);
    builtWorkers.set(options.minify, built);
    built.catch(() => builtWorkers.delete(options.minify));
  }
  return built;
}

const builtWorkers = new Map<boolean, Promise<LiquidWorkerFile>>();

/**
 * The folder the worker's output is named in (never written: `write: false`). It holds none of its inputs, so the
 * disk cache takes every file esbuild read as an input of its own (bundle-disk-cache.ts).
 */
const outRoot = path.resolve(import.meta.dirname, '../../.portal/liquid-worker');

async function bundleLiquidWorker(minify: boolean, diskCache: string | undefined): Promise<LiquidWorkerFile> {
  const options: esbuild.BuildOptions & { metafile: true; write: false } = {
    entryPoints: [workerEntry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify,
    write: false,
    outdir: path.join(outRoot, 'out'),
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.resolve(import.meta.dirname, '../../node_modules')],
    legalComments: 'none',
    logLevel: 'silent',
  };
  const kept = diskCache ? await readBundle(diskCache, outRoot, [], options) : undefined;
  const result = kept ?? (await esbuild.build(options));
  if (diskCache && !kept) await writeBundle(diskCache, outRoot, [], options, result);
  const file = result.outputFiles?.find((f) => f.path.endsWith('.js'));
  if (!file) throw new Error('esbuild produced no output for the Try it worker');
  const hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 8);
  return {
    name: `liquid-worker-${hash}.js`,
    contents: file.contents,
    inputs: bundleInputs(result.metafile, outRoot, options),
  };
}
