import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { codeHash } from '../code-hash.js';
import { readEntry, writeEntry } from '../disk-entry.js';
import { savedBefore } from '../output/tree.js';
import type { GeneratedFile } from './route-modules.js';

/**
 * esbuild's results kept on disk between `portal build` runs (.portal/cache/bundle), so a build whose bundle inputs
 * are all unchanged skips bundling (0.9 s of a warm build of the portal). An entry is found by everything the build
 * is given: this code (code-hash.ts: the portal's code, package-lock.json, Node's version), the options, the
 * working folder and the generated modules' text. It is used only when everything esbuild read last time is
 * unchanged (see inputsDigest), so an edit anywhere esbuild looked misses.
 */
export interface StoredBundle {
  /** Files esbuild read from disk (absolute, outside the generation folder), and their digest (inputsDigest). */
  inputs: string[];
  digest: string;
  /** The metafile as JSON, the generation folder's path replaced by GEN. */
  metafile: string;
  /** The outputs, by path relative to the generation folder. */
  outputs: Array<{ rel: string; contents: Uint8Array; hash: string }>;
  /** false: esbuild wrote them (the server bundle), so a hit writes them again. */
  written: boolean;
}

const GEN = '\0gen\0';
// Build's bundles and serve's (whose route modules differ), the config, sidebars and Try it worker: for a few sites.
const LIMITS = { entries: 32, bytes: 256 * 1024 * 1024 };

/** The working folder esbuild names paths from, as esbuild takes it. */
const workingDir = (options: esbuild.BuildOptions): string => options.absWorkingDir ?? process.cwd();

/**
 * The generation folder's name in a text (absolute, or relative to the working folder as the metafile writes it)
 * replaced by GEN, and back: each build has a folder of its own (pid and time), and nothing bundled depends on it.
 */
function genPaths(genDir: string, options: esbuild.BuildOptions): { hide(s: string): string; show(s: string): string } {
  const rel = path.relative(workingDir(options), genDir).split(path.sep).join('/');
  const forms = [genDir, ...(rel && !rel.startsWith('/') ? [rel] : [])];
  return {
    hide: (s) => forms.reduce((t, f) => t.split(f).join(`${GEN}${forms.indexOf(f)}`), s),
    show: (s) => forms.reduce((t, f, i) => t.split(`${GEN}${i}`).join(f), s),
  };
}

async function entryFile(
  dir: string,
  genDir: string,
  generated: readonly GeneratedFile[],
  options: esbuild.BuildOptions,
): Promise<string> {
  const { plugins: _plugins, ...rest } = options;
  const { hide } = genPaths(genDir, options);
  const hash = createHash('sha1')
    .update(`${await codeHash()}\0${hide(workingDir(options))}\0`)
    .update(hide(JSON.stringify(rest)));
  for (const f of generated) hash.update(`\0${f.rel}\0${f.contents.length}\0`).update(f.contents);
  return path.join(dir, `${hash.digest('hex')}.bundle`);
}

/** The result kept for this build, when everything it read is unchanged; undefined otherwise. */
export async function readBundle(
  dir: string,
  genDir: string,
  generated: readonly GeneratedFile[],
  options: esbuild.BuildOptions & { metafile: true },
): Promise<esbuild.BuildResult<typeof options> | undefined> {
  const stored = (await readEntry(await entryFile(dir, genDir, generated, options))) as StoredBundle | undefined;
  if (!stored || !Array.isArray(stored.inputs) || (await inputsDigest(stored.inputs)) !== stored.digest)
    return undefined;
  const { show } = genPaths(genDir, options);
  const outputs = stored.outputs.map((o) => ({ path: path.join(genDir, o.rel), contents: o.contents, hash: o.hash }));
  if (stored.written) {
    await Promise.all(
      outputs.map(async (o) => {
        await fs.mkdir(path.dirname(o.path), { recursive: true });
        await fs.writeFile(o.path, o.contents);
      }),
    );
  }
  const metafile = JSON.parse(show(stored.metafile)) as esbuild.Metafile;
  return {
    errors: [],
    warnings: [],
    metafile,
    mangleCache: undefined,
    outputFiles: stored.written
      ? undefined
      : outputs.map((o) => ({
          ...o,
          get text() {
            return Buffer.from(o.contents.buffer, o.contents.byteOffset, o.contents.byteLength).toString('utf8');
          },
        })),
  } as esbuild.BuildResult<typeof options>;
}

/**
 * A build's outputs as an entry keeps them; for a bundle esbuild wrote (the server's), read at once, since its
 * generation folder may be gone by the time a session writes the entry. Undefined: not kept (written elsewhere).
 */
export async function outputsToKeep(
  genDir: string,
  options: esbuild.BuildOptions,
  result: esbuild.BuildResult,
): Promise<StoredBundle['outputs'] | undefined> {
  if (result.outputFiles)
    return result.outputFiles.map((f) => ({ rel: path.relative(genDir, f.path), contents: f.contents, hash: f.hash }));
  const base = workingDir(options);
  const files = Object.keys(result.metafile?.outputs ?? {}).map((p) => path.resolve(base, p));
  // Only outputs in the generation folder can be written again in the next build's.
  if (!files.every((p) => p.startsWith(genDir + path.sep))) return undefined;
  return Promise.all(
    files.map(async (f) => ({ rel: path.relative(genDir, f), contents: await fs.readFile(f), hash: '' })),
  );
}

/** Keeps a build's result for the next build with the same options and inputs. */
export async function writeBundle(
  dir: string,
  genDir: string,
  generated: readonly GeneratedFile[],
  options: esbuild.BuildOptions & { metafile: true },
  result: esbuild.BuildResult<typeof options>,
  /**
   * Written some time after the build (serve): when the build started, so that a result whose inputs were saved
   * since (or just before, on file systems with coarse times) is not kept under their new digest; and its outputs,
   * read when it ended (outputsToKeep).
   */
  later?: { startedAt: number; outputs: StoredBundle['outputs'] | undefined },
): Promise<void> {
  const inputs = bundleInputs(result.metafile, genDir, options);
  if (later && !(await savedBefore(inputs, later.startedAt))) return;
  const outputs = later ? later.outputs : await outputsToKeep(genDir, options, result);
  if (!outputs) return;
  const stored: StoredBundle = {
    inputs,
    digest: await inputsDigest(inputs),
    metafile: genPaths(genDir, options).hide(JSON.stringify(result.metafile)),
    outputs,
    written: !result.outputFiles,
  };
  await writeEntry(await entryFile(dir, genDir, generated, options), stored, LIMITS);
}

/** The files a bundle read from disk (absolute, sorted), leaving out the generated modules served from `genDir`. */
export function bundleInputs(metafile: esbuild.Metafile, genDir: string, options: esbuild.BuildOptions): string[] {
  const base = workingDir(options);
  return Object.keys(metafile.inputs)
    .map((p) => path.resolve(base, p))
    .filter((p) => !p.startsWith(genDir + path.sep))
    .sort();
}

/** Files beside each of these in a folder that decide how esbuild resolves and compiles them. */
const CONFIG_FILES = ['package.json', 'tsconfig.json', 'jsconfig.json'];

/**
 * A digest of what esbuild read: each input's bytes; and, for inputs that are not in a package (whose versions
 * package-lock.json already pins), what decides how their imports resolved: the names in their folder and its
 * parent (a new `x.tsx` beside `x.ts`, or `lib.ts` beside `lib/`, changes what `./x` or `../lib` is), and the
 * package.json, tsconfig.json and jsconfig.json of every folder above them (JSX settings, paths, side effects).
 * Names starting with a dot are left out of the listings: temporary folders of a build come and go there.
 */
export async function inputsDigest(inputs: readonly string[]): Promise<string> {
  const own = inputs.filter((f) => !f.split(path.sep).includes('node_modules'));
  const listed = new Set<string>();
  const above = new Set<string>();
  for (const f of own) {
    const dir = path.dirname(f);
    listed.add(dir);
    listed.add(path.dirname(dir));
    for (let d = dir; !above.has(d); d = path.dirname(d)) above.add(d);
  }
  const read = (f: string): Promise<Buffer | string> => fs.readFile(f).catch(() => 'missing');
  const [contents, listings, configs] = await Promise.all([
    Promise.all(inputs.map(read)),
    Promise.all(
      [...listed].sort().map((d) =>
        fs.readdir(d).then(
          (names) =>
            names
              .filter((n) => !n.startsWith('.'))
              .sort()
              .join('/'),
          () => 'missing',
        ),
      ),
    ),
    Promise.all([...above].sort().flatMap((d) => CONFIG_FILES.map((c) => read(path.join(d, c))))),
  ]);
  const hash = createHash('sha1');
  const add = (label: string, bytes: Buffer | string): void => {
    hash.update(`${label}\0${bytes.length}\0`).update(bytes);
  };
  inputs.forEach((f, i) => {
    add(f, contents[i] as Buffer | string);
  });
  [...listed].sort().forEach((d, i) => {
    add(d, listings[i] as string);
  });
  [...above].sort().forEach((d, i) => {
    CONFIG_FILES.forEach((c, j) => {
      add(path.join(d, c), configs[i * CONFIG_FILES.length + j] as Buffer | string);
    });
  });
  return hash.digest('hex');
}
