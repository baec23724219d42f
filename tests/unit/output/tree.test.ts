import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { removeTree } from '../../../src/output/tree.ts';

let parent: string;
let outDir: string;

beforeEach(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-tree-'));
  outDir = path.join(parent, 'build');
  await fs.mkdir(outDir);
  await fs.writeFile(path.join(outDir, 'index.html'), 'old site');
});

describe('removeTree', () => {
  it('removes a nested folder, unlinking symbolic links without following them', async () => {
    const keep = path.join(parent, 'keep');
    await fs.mkdir(keep);
    await fs.writeFile(path.join(keep, 'precious.txt'), 'stay');
    const tree = path.join(parent, 'tree');
    await fs.mkdir(path.join(tree, 'a', 'b', 'c'), { recursive: true });
    await fs.mkdir(path.join(tree, 'empty'));
    for (const f of ['x.html', 'a/y.html', 'a/b/z.html', 'a/b/c/w.html']) await fs.writeFile(path.join(tree, f), f);
    await fs.symlink(keep, path.join(tree, 'a', 'link-to-folder'));
    await fs.symlink(path.join(keep, 'precious.txt'), path.join(tree, 'link-to-file'));
    await removeTree(tree);
    expect((await fs.readdir(parent)).sort()).toEqual(['build', 'keep']);
    expect(await fs.readFile(path.join(keep, 'precious.txt'), 'utf8')).toBe('stay');
  });

  it('falls back to fs.rm for what its walk cannot remove, and fails only if that fails too', async () => {
    await expect(removeTree(path.join(parent, 'missing'))).resolves.toBeUndefined();
    // A file, not a folder: readdir fails, fs.rm removes it.
    await fs.writeFile(path.join(parent, 'file'), 'x');
    await removeTree(path.join(parent, 'file'));
    expect(await fs.readdir(parent)).toEqual(['build']);
  });
});
