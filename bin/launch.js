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

const portalDir = path.join(root, '.portal');
/** The bundle's own inputs as esbuild's metafile listed them last time (templates/ included, not only src/). */
const inputsFile = path.join(portalDir, 'cli-inputs.json');

/**
 * A stamp of the bundle's inputs (path, size, modification time), read from the list the last bundling wrote, plus
 * package-lock.json and this file: checking it stats files and never bundles. An edit that adds an import changes
 * the importing file, so the stamp changes and the next bundling records the new list.
 */
async function inputStamp() {
  let inputs;
  try {
    inputs = JSON.parse(await fs.readFile(inputsFile, 'utf8'));
  } catch {
    return undefined;
  }
  const files = [...inputs, 'package-lock.json', 'bin/launch.js'];
  const hash = crypto.createHash('sha1');
  for (const f of files) {
    try {
      const st = await fs.stat(path.join(root, f));
      hash.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
    } catch {
      hash.update(`${f}\0missing\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Each module keeps its own folder: `import.meta.dirname` becomes the folder the source file is in. */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.readFile(args.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))),
        loader: 'ts',
      };
    });
  },
};

/**
 * Packages go into the bundle too, except those that must be loaded as installed: esbuild (a native binary beside
 * its package), Playwright and chokidar (optional native parts), linkinator (only `check` loads it). Node loads each
 * module of a package on its own, with a look at its package.json, and the MDX compiler alone is some 300 ES
 * modules: a compile worker took 0.5 s to load them, 0.29 s as one file; zod's 95 cost every command 0.1 s.
 */
const externalPackages = /^(esbuild|playwright-core|chokidar|fsevents|linkinator)(\/|$)/;
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      externalPackages.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/** CommonJS packages in an ES module bundle call `require` (of `fs` and the like): a real one, from the bundle. */
const requireBanner =
  "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);";

async function bundledCli() {
  const known = await inputStamp();
  if (known) {
    const entry = path.join(portalDir, `cli-${known}`, 'cli.js');
    try {
      await fs.access(entry);
      return entry;
    } catch {
      // Not made yet for these sources.
    }
  }
  const esbuild = await import('esbuild');
  await fs.mkdir(portalDir, { recursive: true });
  const tmp = path.join(portalDir, `cli-build.${process.pid}.tmp`);
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    plugins: [ownDirname, packagesOutside],
    banner: { js: requireBanner },
    logLevel: 'silent',
    metafile: true,
    absWorkingDir: root,
  };
  const [cli, workers] = await Promise.all([
    // Commands stay in chunks of their own, loaded when run: `--help` does not load the whole generator.
    esbuild.build({ ...common, entryPoints: [path.join(srcDir, 'cli.ts')], outdir: tmp, splitting: true }),
    // The worker threads' scripts, made here once rather than at every build: each one file of its own (no chunks
    // shared with the CLI or each other), so the MDX compile worker's bytes alone say which compiler it is, and the
    // compile cache is keyed on them. The render worker imports the site's server bundle, made by each build.
    esbuild.build({
      ...common,
      entryPoints: {
        'compile-worker': path.join(srcDir, 'content', 'compile-worker.ts'),
        'render-worker': path.join(srcDir, 'render', 'render-worker.ts'),
        'highlight-worker': path.join(srcDir, 'apiref', 'highlight-worker.ts'),
        'write-worker': path.join(srcDir, 'output', 'write-worker.ts'),
        'openapi-validator-sources': path.join(srcDir, 'apiref', 'schema-validator.ts'),
      },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
    }),
  ]);
  await writeSchemaValidators(tmp);
  const inputs = [...new Set([...Object.keys(cli.metafile.inputs), ...Object.keys(workers.metafile.inputs)])]
    .filter((f) => !f.includes('node_modules'))
    .sort();
  const listTmp = `${inputsFile}.${process.pid}.tmp`;
  await fs.writeFile(listTmp, JSON.stringify(inputs));
  await fs.rename(listTmp, inputsFile);
  const out = path.join(portalDir, `cli-${await inputStamp()}`);
  try {
    await fs.rename(tmp, out);
  } catch {
    // Another process made the same bundle first.
    await fs.rm(tmp, { recursive: true, force: true });
  }
  // Bundles of older sources are of no more use.
  for (const old of await fs.readdir(portalDir)) {
    if (/^cli-[0-9a-f]{16}$/.test(old) && path.join(portalDir, old) !== out)
      await fs.rm(path.join(portalDir, old), { recursive: true, force: true });
  }
  return path.join(out, 'cli.js');
}

/**
 * The OpenAPI schemas' validators, as the code Ajv makes of them, beside the CLI: compiling them took every build
 * 0.25-0.57 s (src/apiref/schema-validator.ts). Without them (should making them fail), each build compiles its own.
 */
async function writeSchemaValidators(dir) {
  const module = path.join(dir, 'openapi-validator-sources.mjs');
  try {
    const { validatorSources, validatorFile } = await import(pathToFileURL(module).href);
    for (const [version, code] of Object.entries(validatorSources()))
      await fs.writeFile(path.join(dir, validatorFile(version)), code);
  } catch {
    // Compiled at run time instead.
  } finally {
    await fs.rm(module, { force: true });
  }
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
