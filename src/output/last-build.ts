import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { inputsDigest } from '../bundle/bundle-disk-cache.js';
import { codeHash } from '../code-hash.js';
import { gitState } from '../content/last-updated.js';
import { readEntry, writeEntry } from '../disk-entry.js';
import { filesUnder, savedBefore } from './tree.js';
import type { Diagnostic } from '../diagnostics.js';

/**
 * What the last `portal build` of an output folder read and left there, so that a build with nothing changed keeps
 * the output instead of making the same bytes again (issue 17: a warm rebuild of the portal took 1.2 s, spread over
 * ten cached stages). The record is found by what decides a build before it reads any source: the portal's code,
 * the options, the loaded config (code that may read the environment) and, when pages show their last commit date,
 * the commit checked out. It holds:
 * - every file the build read, with a digest of their bytes and of the folders that decide how imports resolve
 *   (bundle-disk-cache.ts, inputsDigest): all of the site folder and of the portal's templates, what the config,
 *   the sidebars and the bundles imported (their packages included), and the files the OpenAPI document is made of;
 * - the names of every file under the site folder and the templates, so an added file is a change too;
 * - the output folder as that build left it (each file's path, size and modification time), so an output changed or
 *   removed since, by hand or by `portal serve` writing its previews there, is built again;
 * - what it reported: its warnings, which a kept build prints again, and the figures of its last line.
 */
export interface LastBuild {
  inputs: string[];
  digest: string;
  output: string;
  warnings: Diagnostic[];
  routesByKind: Record<string, number>;
  bytes: number;
}

/** What the record is looked up by: everything but the files read. */
export interface LastBuildKey {
  /** The cache folder (.portal/cache); records go in its last-build/ folder. */
  cacheDir: string;
  siteDir: string;
  outDir: string;
  templatesDir: string;
  /** The build's options and loaded config, as plain data. */
  settings: unknown;
  /** Whether pages show their last commit date: the commit checked out is then part of the key. */
  git: boolean;
}

const LIMITS = { entries: 16, bytes: 64 * 1024 * 1024 };

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * Where the record of builds of `key` is kept. Found once per build, before it reads anything: the record is then
 * filed under the commit the build started from, and git is asked once.
 */
export async function lastBuildRecord(key: LastBuildKey): Promise<string> {
  const [code, git] = await Promise.all([codeHash(), key.git ? gitState(key.siteDir).then((s) => s?.key ?? '') : '']);
  const name = sha1(
    `${code}\0${key.siteDir}\0${key.outDir}\0${key.templatesDir}\0${git}\0${JSON.stringify(key.settings)}`,
  );
  return path.join(key.cacheDir, 'last-build', `${name}.last`);
}

/** The output folder as it is: each file's path, size and modification time. */
async function outputDigest(outDir: string): Promise<string> {
  const files = await filesUnder(outDir);
  const stats = await Promise.all(files.map((f) => fs.stat(f).catch(() => undefined)));
  const hash = createHash('sha1');
  files.forEach((f, i) => {
    hash.update(`${path.relative(outDir, f)}\0${stats[i]?.size ?? -1}\0${stats[i]?.mtimeMs ?? -1}\n`);
  });
  return hash.digest('hex');
}

/** The site's and the templates' files, which every build reads, beside those it was seen to read. */
async function allInputs(key: LastBuildKey, read: Iterable<string>): Promise<string[]> {
  const [site, templates] = await Promise.all([
    filesUnder(key.siteDir, key.outDir),
    filesUnder(key.templatesDir, key.outDir),
  ]);
  return [...new Set([...site, ...templates, ...read])].sort();
}

/**
 * The last build's record when the output folder is as it left it and nothing it read has changed: the output can
 * be kept as it is. Undefined otherwise (or when there is no record, or it cannot be read): build.
 */
export async function unchangedSinceLastBuild(key: LastBuildKey, record: string): Promise<LastBuild | undefined> {
  const stored = (await readEntry(record)) as LastBuild | undefined;
  if (!stored || !Array.isArray(stored.inputs)) return undefined;
  // The site's and templates' files are listed again: one added since is not among the inputs recorded.
  const inputs = await allInputs(key, stored.inputs);
  if (inputs.length !== stored.inputs.length || inputs.some((f, i) => f !== stored.inputs[i])) return undefined;
  // The output is listed meanwhile, but a build after an edit need not wait for it: it builds once the inputs
  // are read.
  const output = outputDigest(key.outDir);
  output.catch(() => undefined);
  if ((await inputsDigest(inputs)) !== stored.digest) return undefined;
  return (await output) === stored.output ? stored : undefined;
}

/**
 * Keeps the record of a build that has just written its output. Not kept when the record could describe another
 * output or other inputs than the build's own:
 * - a file saved while the build ran would be recorded with bytes the build may not have read, and the next build
 *   would keep an output made from the older ones: no record when a file read was modified after `startedAt` (a
 *   wall-clock time, as file times are), less MTIME_SLACK_MS for file systems that keep coarse times;
 * - another build of the same folder (`portal serve` rebuilding it) may swap its output in meanwhile: no record unless
 *   the output folder is still the one this build put in place (`output`, as it was before the swap) while it is
 *   listed.
 */
export async function recordBuild(
  key: LastBuildKey,
  record: string,
  read: Iterable<string>,
  build: { startedAt: number; output: { dev: number; ino: number } },
  report: Pick<LastBuild, 'warnings' | 'routesByKind' | 'bytes'>,
): Promise<void> {
  const ours = async (): Promise<boolean> => {
    const s = await fs.stat(key.outDir).catch(() => undefined);
    return s?.dev === build.output.dev && s.ino === build.output.ino;
  };
  if (!(await ours())) return;
  const inputs = await allInputs(key, read);
  if (!(await savedBefore(inputs, build.startedAt))) return;
  const [digest, output] = await Promise.all([inputsDigest(inputs), outputDigest(key.outDir)]);
  if (!(await ours())) return;
  await writeEntry(record, { inputs, digest, output, ...report } satisfies LastBuild, LIMITS);
}
