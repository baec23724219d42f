import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInterruptController, InterruptedError } from '../../../src/output/interrupt.ts';
import { scanStatic } from '../../../src/content/scan-static.ts';
import {
  foldersToCreate,
  holdsBytes,
  inSlices,
  removeTree,
  sameFileContents,
  writeOutput,
} from '../../../src/output/write.ts';

// issue 8: the write stage never leaves a half-written site, whether it is interrupted or killed outright.

let parent: string;
let outDir: string;

beforeEach(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-write-'));
  outDir = path.join(parent, 'build');
  await fs.mkdir(outDir);
  await fs.writeFile(path.join(outDir, 'index.html'), 'old site');
});

const manyFiles = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ path: `docs/p${i}/index.html`, contents: `page ${i}` }));

describe('writeOutput', () => {
  it('stops when interrupted, removes its temporary folder and leaves the old output', async () => {
    const interrupt = createInterruptController();
    const writing = writeOutput(outDir, manyFiles(2000), undefined, interrupt);
    const stopped = interrupt.interrupt('SIGINT');
    await expect(writing).rejects.toBeInstanceOf(InterruptedError);
    await stopped;
    expect(await fs.readdir(parent)).toEqual(['build']);
    expect(await fs.readdir(outDir)).toEqual(['index.html']);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });

  it('makes an interruption wait until the write has stopped, then removes what the build registered', async () => {
    const interrupt = createInterruptController();
    const scratch = path.join(parent, 'gen-scratch');
    await fs.mkdir(scratch);
    interrupt.track(scratch);
    let settled = false;
    const writing = writeOutput(outDir, manyFiles(500), undefined, interrupt).finally(() => (settled = true));
    await interrupt.interrupt('SIGTERM');
    // interrupt() resolved only after the write had settled and cleaned up.
    expect(settled).toBe(true);
    await writing.catch(() => {});
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('writes normally when nothing interrupts it', async () => {
    await writeOutput(outDir, manyFiles(3), undefined, createInterruptController());
    expect((await fs.readdir(path.join(outDir, 'docs'))).sort()).toEqual(['p0', 'p1', 'p2']);
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('recovers from a build killed outright: puts an output moved aside back and drops temporary folders', async () => {
    // A SIGKILL between the two renames of the swap: the old output aside, nothing in its place.
    await fs.rename(outDir, `${outDir}.old-4242`);
    await fs.mkdir(path.join(parent, '.build.tmp-abc123'));
    // This write fails (a file where a folder must go), so what is left is what recovery made of it.
    const conflicting = [
      { path: 'a', contents: 'x' },
      { path: 'a/b', contents: 'y' },
    ];
    await expect(writeOutput(outDir, conflicting)).rejects.toThrow();
    expect((await fs.readdir(parent)).sort()).toEqual(['build']);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });

  it('leaves folders that only look like its own alone', async () => {
    await fs.mkdir(path.join(parent, 'build.old-backup'));
    await writeOutput(outDir, manyFiles(1));
    expect((await fs.readdir(parent)).sort()).toEqual(['build', 'build.old-backup']);
  });
});

describe('writeOutput, static files', () => {
  it('copies the static folder (nested files, symbolic links as links, dot files left out) under the generated files', async () => {
    const staticDir = path.join(parent, 'static');
    await fs.mkdir(path.join(staticDir, 'img', 'icons'), { recursive: true });
    await fs.writeFile(path.join(staticDir, 'img', 'icons', 'a.svg'), '<svg/>');
    await fs.writeFile(path.join(staticDir, 'robots.txt'), 'static robots');
    await fs.writeFile(path.join(staticDir, '.hidden'), 'secret');
    await fs.symlink('icons/a.svg', path.join(staticDir, 'img', 'link.svg'));
    await writeOutput(
      outDir,
      [
        { path: 'robots.txt', contents: 'generated robots' },
        { path: 'img/icons/b.svg', contents: new Uint8Array([60, 47, 62]) },
      ],
      await scanStatic(staticDir),
    );
    expect(await fs.readFile(path.join(outDir, 'img', 'icons', 'a.svg'), 'utf8')).toBe('<svg/>');
    expect(await fs.readFile(path.join(outDir, 'img', 'icons', 'b.svg'), 'utf8')).toBe('</>');
    expect(await fs.readlink(path.join(outDir, 'img', 'link.svg'))).toBe('icons/a.svg');
    // A generated file wins over a static one of the same name, as before.
    expect(await fs.readFile(path.join(outDir, 'robots.txt'), 'utf8')).toBe('generated robots');
    expect((await fs.readdir(outDir)).sort()).toEqual(['img', 'robots.txt']);
  });

  it('writes files given twice once each, the later one winning', async () => {
    await writeOutput(outDir, [
      { path: 'a/index.html', contents: 'first' },
      { path: 'a/index.html', contents: 'second' },
    ]);
    expect(await fs.readFile(path.join(outDir, 'a', 'index.html'), 'utf8')).toBe('second');
  });
});

describe('foldersToCreate', () => {
  it('lists each folder once, parents before children, without the root', () => {
    const root = '/out/.build.tmp-x';
    const files = [
      'index.html',
      'docs/a/index.html',
      'docs/index.html',
      'docs/a/b/index.html',
      'docs-x/index.html',
      '_portal/c/chunk.js',
    ].map((f) => path.join(root, f));
    expect(foldersToCreate(root, files)).toEqual(
      ['_portal/c', 'docs', 'docs-x', 'docs/a', 'docs/a/b'].map((d) => path.join(root, d)),
    );
  });
});

describe('inSlices', () => {
  it('calls the function for every item in order, with its index', async () => {
    const seen: string[] = [];
    await inSlices(['a', 'b', 'c'], (x, i) => seen.push(`${i}${x}`));
    expect(seen).toEqual(['0a', '1b', '2c']);
  });

  it('yields to the event loop on long runs, and stops between two calls once the signal is aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    // Each call takes about 1 ms, so the first slice ends after about 10 calls; the timer aborts in between.
    const slow = () => {
      calls++;
      const until = performance.now() + 1;
      while (performance.now() < until);
    };
    setImmediate(() => controller.abort(new Error('stop')));
    await expect(
      inSlices(
        Array.from({ length: 1000 }, (_, i) => i),
        slow,
        controller.signal,
      ),
    ).rejects.toThrow('stop');
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(1000);
  });
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

describe('writeOutput, reusing the previous output', () => {
  it('links files the previous output holds unchanged and writes the others', async () => {
    await fs.writeFile(path.join(outDir, 'same.html'), 'unchanged');
    await fs.writeFile(path.join(outDir, 'edited.html'), 'before');
    const sameBefore = await fs.stat(path.join(outDir, 'same.html'));
    await writeOutput(outDir, [
      { path: 'same.html', contents: 'unchanged' },
      { path: 'edited.html', contents: 'after!' },
      { path: 'index.html', contents: 'new site' },
      { path: 'docs/new.html', contents: new Uint8Array([104, 105]) },
    ]);
    expect(await fs.readFile(path.join(outDir, 'same.html'), 'utf8')).toBe('unchanged');
    expect(await fs.readFile(path.join(outDir, 'edited.html'), 'utf8')).toBe('after!');
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('new site');
    expect(await fs.readFile(path.join(outDir, 'docs', 'new.html'), 'utf8')).toBe('hi');
    // The same file (inode), now under the new output only: its old name went with the old output.
    const sameAfter = await fs.stat(path.join(outDir, 'same.html'));
    expect(sameAfter.ino).toBe(sameBefore.ino);
    expect(sameAfter.nlink).toBe(1);
    expect((await fs.stat(path.join(outDir, 'index.html'))).nlink).toBe(1);
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('never writes through a reused file: a failed write leaves the previous output byte for byte', async () => {
    const staticDir = path.join(parent, 'static');
    await fs.mkdir(staticDir);
    await fs.writeFile(path.join(staticDir, 'robots.txt'), 'static robots');
    await fs.writeFile(path.join(outDir, 'robots.txt'), 'static robots');
    const files = [
      // Reused, then given again with other bytes: the second one must replace the link, not write into it.
      { path: 'index.html', contents: 'old site' },
      { path: 'index.html', contents: 'changed' },
      // A generated file over a static file that was reused.
      { path: 'robots.txt', contents: 'generated robots' },
      // And then the write fails (a file where a folder must go).
      { path: 'a', contents: 'x' },
      { path: 'a/b', contents: 'y' },
    ];
    await expect(writeOutput(outDir, files, await scanStatic(staticDir))).rejects.toThrow();
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
    expect(await fs.readFile(path.join(outDir, 'robots.txt'), 'utf8')).toBe('static robots');
    expect((await fs.readdir(parent)).sort()).toEqual(['build', 'static']);
  });

  it('writes normally where the previous output had a file in place of a folder', async () => {
    await fs.writeFile(path.join(outDir, 'docs'), 'a file');
    await writeOutput(outDir, [{ path: 'docs/index.html', contents: 'docs' }]);
    expect(await fs.readFile(path.join(outDir, 'docs', 'index.html'), 'utf8')).toBe('docs');
  });

  it('gives a later entry for the same path the last word when it is reused too', async () => {
    await writeOutput(outDir, [
      { path: 'index.html', contents: 'first' },
      { path: 'index.html', contents: 'old site' },
    ]);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });
});

describe('holdsBytes and sameFileContents', () => {
  it('compare bytes (a string as UTF-8), never a folder or a symbolic link', async () => {
    const file = path.join(parent, 'f.txt');
    await fs.writeFile(file, 'héllo');
    expect(holdsBytes(file, 'héllo')).toBe(true);
    expect(holdsBytes(file, new TextEncoder().encode('héllo'))).toBe(true);
    expect(holdsBytes(file, 'hello')).toBe(false); // one byte shorter
    expect(holdsBytes(file, 'hállo')).toBe(false); // same length, other bytes
    expect(holdsBytes(path.join(parent, 'missing'), '')).toBe(false);
    expect(holdsBytes(outDir, '')).toBe(false);
    // A file where the previous output would need a folder.
    expect(holdsBytes(path.join(file, 'below'), '')).toBe(false);
    await fs.symlink(file, path.join(parent, 'link'));
    expect(holdsBytes(path.join(parent, 'link'), 'héllo')).toBe(false);
    await fs.writeFile(path.join(parent, 'g.txt'), 'héllo');
    expect(sameFileContents(file, path.join(parent, 'g.txt'))).toBe(true);
    expect(sameFileContents(file, path.join(outDir, 'index.html'))).toBe(false);
    expect(sameFileContents(file, path.join(parent, 'link'))).toBe(false);
    expect(sameFileContents(file, path.join(file, 'below'))).toBe(false);
  });
});
