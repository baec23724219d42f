import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder } from './output/tree.js';

const root = path.resolve(import.meta.dirname, '..');

let computed: Promise<string> | undefined;

/**
 * A hash of the code running, for disk caches of what it computes (the API reference): computed once per process,
 * never bumped by hand, so an entry made by other code is never read. Run from the bundle bin/launch.js makes, it
 * hashes every script of that bundle (esbuild's output, so an edit that changes no emitted code keeps the entries);
 * run from the TypeScript sources (tests, the launcher's tsx fallback), every file of src/ and templates/. Packages
 * (most in the bundle, some loaded as installed) enter through package-lock.json too, Node through its version.
 */
export const codeHash = (): Promise<string> => {
  computed ??= hashCode(fileURLToPath(import.meta.url), root);
  return computed;
};

/** The hash of the code `self` (this module's file) belongs to, in the project at `root`. */
export async function hashCode(self: string, root: string): Promise<string> {
  // Named as in the bundle's folder, whose own name changes with the sources' modification times, not their code.
  const bundle = path.dirname(self);
  const files = self.endsWith('.js')
    ? (await fs.readdir(bundle)).filter((f) => /\.m?js$/.test(f)).map((f) => ({ name: f, file: path.join(bundle, f) }))
    : [...(await filesUnder(path.join(root, 'src'))), ...(await filesUnder(path.join(root, 'templates')))].map(
        (file) => ({ name: path.relative(root, file), file }),
      );
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const contents = await Promise.all(files.map((f) => fs.readFile(f.file)));
  const hash = createHash('sha1').update(`${process.version}\0`);
  files.forEach(({ name }, i) => {
    const bytes = contents[i] as Buffer;
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  });
  hash.update(await fs.readFile(path.join(root, 'package-lock.json')).catch(() => 'no lockfile'));
  return hash.digest('hex');
}
