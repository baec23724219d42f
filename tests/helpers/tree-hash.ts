import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Every file of a folder tree with a hash of its contents (symlinks by their target): "output untouched" checks. */
export async function treeHash(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isSymbolicLink()) out[child] = `-> ${await fs.readlink(path.join(dir, child))}`;
      else
        out[child] = createHash('sha1')
          .update(await fs.readFile(path.join(dir, child)))
          .digest('hex');
    }
  };
  await walk('');
  return out;
}
