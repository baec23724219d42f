// Loads the CLI's TypeScript sources as one plain-JS bundle, made with esbuild on the first run after a change
// and kept in .portal/. Loading ~100 modules through tsx's loader cost every command over a second (each import,
// node_modules included, went through its hooks); the bundle loads in a fraction of that. If bundling fails
// (a syntax error while editing), the sources run through tsx as before, which reports the error.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(root, 'src');

/** A stamp of every source file (path, size, modification time): a new one after any edit. */
async function sourceStamp() {
  const entries = await fs.readdir(srcDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
  const stats = await Promise.all(files.map((f) => fs.stat(f)));
  const hash = crypto.createHash('sha1');
  files.forEach((f, i) => hash.update(`${path.relative(srcDir, f)}\0${stats[i].size}\0${stats[i].mtimeMs}\n`));
  return hash.digest('hex').slice(0, 16);
}

/** Each module keeps its own folder: `import.meta.dirname` becomes the folder the source file is in. */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))), loader: 'ts' };
    });
  },
};

async function bundledCli() {
  const dir = path.join(root, '.portal');
  const out = path.join(dir, `cli-${await sourceStamp()}`);
  const entry = path.join(out, 'cli.js');
  try {
    await fs.access(entry);
    return entry;
  } catch {
    // Not made yet for these sources.
  }
  const esbuild = await import('esbuild');
  const tmp = `${out}.${process.pid}.tmp`;
  await esbuild.build({
    entryPoints: [path.join(srcDir, 'cli.ts')],
    outdir: tmp,
    // Commands stay in chunks of their own, loaded when run: `--help` does not load the whole generator.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    packages: 'external',
    plugins: [ownDirname],
    logLevel: 'silent',
  });
  try {
    await fs.rename(tmp, out);
  } catch {
    // Another process made the same bundle first.
    await fs.rm(tmp, { recursive: true, force: true });
  }
  // Bundles of older sources are of no more use.
  for (const old of await fs.readdir(dir)) {
    if (/^cli-[0-9a-f]{16}$/.test(old) && path.join(dir, old) !== out) await fs.rm(path.join(dir, old), { recursive: true, force: true });
  }
  return entry;
}

/** The CLI module: `{ run(argv) }`. */
export async function loadCli() {
  let file;
  try {
    file = await bundledCli();
  } catch {
    const { register } = await import('tsx/esm/api');
    register();
    return import('../src/cli.ts');
  }
  return import(pathToFileURL(file).href);
}
