import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import type * as esbuild from 'esbuild';
import { readBundle, writeBundle } from '../bundle/bundle-disk-cache.js';
import { codeHash } from '../code-hash.js';
import { readEntry, writeEntry } from '../disk-entry.js';
import { type Diagnostic, error, PortalError } from '../diagnostics.js';
import type { PortalConfig } from './schema.js';

/**
 * Config stage: bundles `portal.config.ts` (so it may import types and helpers), runs it, and validates
 * the result. Throws a PortalError naming the file for a syntax error, a throw, or a wrong field.
 */
export async function loadConfig(
  siteDir: string,
  cacheDir: string,
  options: ImportTsOptions & {
    /** A folder where a valid config is kept, validated, for the next run (validatedConfig). */
    validatedCache?: string | undefined;
  } = {},
): Promise<{ config: PortalConfig; file: string }> {
  const file = path.join(siteDir, 'portal.config.ts');
  await requireConfigFile(siteDir, file);
  const exported = await importTsModule(file, cacheDir, 'config', options);
  const { config, issues } = await validatedConfig(exported, file, options.validatedCache);
  if (!config) throw new PortalError(issues);
  return { config, file };
}

/**
 * validateConfig, its result kept in `dir` for the next run while the config exports the same plain data and the
 * code is the same: loading the schema's package (zod) took ~70 ms of every start of build and serve, a sixth of
 * a warm build. A config with anything but plain data (a function, a class instance) is validated every time.
 */
async function validatedConfig(
  exported: unknown,
  file: string,
  dir: string | undefined,
): Promise<{ config?: PortalConfig | undefined; issues: Diagnostic[] }> {
  const key = dir && isPlainData(exported) ? await validatedKey(exported) : undefined;
  // Named for the config file too: the cache folder is the portal's, shared by every site it builds.
  const site = createHash('sha1').update(file).digest('hex').slice(0, 12);
  const entry = dir && key ? path.join(dir, `${site}-${key}.config`) : undefined;
  if (entry) {
    // Undefined for an entry this code did not write whole: validated again below, and written over.
    const kept = await readEntry(entry);
    if (kept && typeof kept === 'object') return { config: kept as PortalConfig, issues: [] };
  }
  const { validateConfig } = await import('./validate.js');
  const result = validateConfig(exported, file);
  if (entry && dir && result.config) await keepValidated(dir, site, entry, result.config).catch(() => undefined);
  return result;
}

async function validatedKey(exported: unknown): Promise<string> {
  return createHash('sha1')
    .update(await codeHash())
    .update('\0')
    .update(v8.serialize(exported))
    .digest('hex');
}

/** Sites whose validated configs the folder keeps at most (each its newest one). */
const LIMITS = { entries: 32, bytes: 16 * 1024 * 1024 };

/** The site's one entry (disk-entry.ts writes it whole or not at all): its older configs are of no further use. */
async function keepValidated(dir: string, site: string, entry: string, config: PortalConfig): Promise<void> {
  await writeEntry(entry, config, LIMITS);
  for (const name of await fs.readdir(dir))
    if (name.startsWith(`${site}-`) && name.endsWith('.config') && path.join(dir, name) !== entry)
      await fs.rm(path.join(dir, name), { force: true });
}

/** Strings, numbers, booleans, null and undefined, in arrays and objects whose prototype is Object's or none. */
function isPlainData(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return true;
  if (type !== 'object') return false;
  if (Array.isArray(value)) return value.every(isPlainData);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  return Object.values(value as Record<string, unknown>).every(isPlainData);
}

/**
 * A missing site folder or config file is a wrong folder or a wrong `--site`, not a syntax error: say which
 * path was looked for and how to point at the right one (the bundler's "Could not resolve" said neither).
 */
async function requireConfigFile(siteDir: string, file: string): Promise<void> {
  const site = await fs.stat(siteDir).catch(() => undefined);
  if (!site?.isDirectory()) {
    throw new PortalError([
      error('site-missing', `no site folder at ${siteDir}`, {
        file: siteDir,
        hint: 'run portal in the project folder (the one that holds site/), or pass --site <folder>',
      }),
    ]);
  }
  if (!(await fs.stat(file).catch(() => undefined))?.isFile()) {
    throw new PortalError([
      error('config-missing', `no portal.config.ts in ${siteDir}`, {
        file,
        hint: 'create site/portal.config.ts (README, Configuration), or pass --site with the folder that holds it',
      }),
    ]);
  }
}

/**
 * The last export of each file with the code it came from. Node never unloads an imported module, so `serve`, which
 * loads the config and sidebars again on every save, kept one more copy (its code and inline source map) per save:
 * while the bundled code is the same, a copy of the export is returned instead of importing it again.
 */
const lastLoaded = new Map<string, { code: string; value: unknown }>();

function rememberLoaded(file: string, code: string, value: unknown): void {
  try {
    lastLoaded.set(file, { code, value: structuredClone(value) });
  } catch {
    lastLoaded.delete(file); // not plain data (a function): imported again each time
  }
}

export interface ImportTsOptions {
  /** `portal build`'s record of the files it read (output/last-build.ts): the module's and its imports'. */
  reads?: Set<string> | undefined;
  /**
   * `portal build`: the folder of bundle-disk-cache.ts, where the bundled code is kept while every file it was made
   * from is unchanged. The module still runs at every build (it may read the environment); only esbuild is spared,
   * which the CLI then does not even load (a build that keeps its output, output/last-build.ts, needs no other).
   */
  bundleCache?: string | undefined;
}

/** Bundles and imports a TypeScript module from the site folder; returns its default export. */
export async function importTsModule(
  file: string,
  cacheDir: string,
  label: string,
  options: ImportTsOptions = {},
): Promise<unknown> {
  const buildOptions = {
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    // Maps a throw's stack back to the source file, so the message can give its line (issue 8).
    sourcemap: 'inline',
    metafile: true,
  } satisfies esbuild.BuildOptions;
  let code: string;
  try {
    const kept = options.bundleCache ? await readBundle(options.bundleCache, cacheDir, [], buildOptions) : undefined;
    const result = kept ?? (await (await import('esbuild')).build(buildOptions));
    if (options.bundleCache && !kept) await writeBundle(options.bundleCache, cacheDir, [], buildOptions, result);
    code = result.outputFiles?.[0]?.text ?? '';
    for (const input of Object.keys(result.metafile.inputs)) options.reads?.add(path.resolve(input));
  } catch (err) {
    const first = (err as esbuild.BuildFailure).errors?.[0];
    if (first) {
      throw new PortalError([
        error(`${label}-invalid`, first.text, {
          file: first.location?.file ? path.resolve(first.location.file) : file,
          line: first.location?.line,
          column: first.location ? first.location.column + 1 : undefined,
          hint: `fix the syntax error in ${path.basename(file)}`,
        }),
      ]);
    }
    throw err;
  }
  const known = lastLoaded.get(file);
  if (known?.code === code) return structuredClone(known.value);
  await fs.mkdir(cacheDir, { recursive: true });
  // A unique name per load: Node caches ES modules by URL, and `serve` must see edits.
  const out = path.join(cacheDir, `${label}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  await fs.writeFile(out, code);
  try {
    const mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
    if (mod.default === undefined) {
      throw new PortalError([
        error(`${label}-invalid`, `${path.basename(file)} has no default export`, {
          file,
          hint: 'end the file with `export default { ... }`',
        }),
      ]);
    }
    rememberLoaded(file, code, mod.default);
    return mod.default;
  } catch (err) {
    if (err instanceof PortalError) throw err;
    const at = throwSite(err, file);
    throw new PortalError(
      [
        error(`${label}-invalid`, `${path.basename(file)} threw while loading: ${(err as Error).message}`, {
          file,
          ...at,
          hint: 'fix the code in this file so it evaluates without throwing',
        }),
      ],
      { cause: err },
    );
  } finally {
    await fs.rm(out, { force: true });
  }
}

/** Line and column of the first stack frame in `file` (source-mapped when source maps are on, as under bin/portal.js). */
function throwSite(err: unknown, file: string): { line?: number; column?: number } {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  const name = path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${name}:(\\d+):(\\d+)`).exec(stack);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : {};
}
