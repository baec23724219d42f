import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's code (`entry`, a .ts file) as one plain-JS file beside node_modules, so its imports resolve.
 * The bundled CLI finds it beside its own chunks, where `bin/launch.js` made it with them (`from` is the caller's
 * module URL); run from the TypeScript sources (tests, the launcher's tsx fallback), esbuild makes one into `dir`
 * in tens of milliseconds, and `own` tells the caller to remove it. Loading TypeScript through a loader in every
 * worker cost seconds.
 */
export async function workerScript(entry: string, dir: string, from: string): Promise<{ file: string; own: boolean }> {
  const name = path.basename(entry, '.ts');
  if (from.endsWith('.js')) {
    const prebuilt = fileURLToPath(new URL(`./${name}.mjs`, from));
    if (await exists(prebuilt)) return { file: prebuilt, own: false };
  }
  // Unique even for two builds of one process that start in the same millisecond (tests build side by side).
  const file = path.join(dir, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  // Loaded only here: the bundled CLI never comes this far, and a build that keeps its output loads no esbuild.
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    packages: 'external',
    logLevel: 'silent',
  });
  return { file, own: true };
}

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  );
