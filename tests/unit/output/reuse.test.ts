import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scanStatic } from '../../../src/content/scan-static.ts';
import { copyOrReuse, holdsBytes, sameFileContents, writeOrReuse } from '../../../src/output/reuse.ts';
import { writeAll } from '../../helpers/output.ts';

// The write stage links files the previous output already holds with the same bytes instead of writing them.

let parent: string;
let outDir: string;

beforeEach(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-reuse-'));
  outDir = path.join(parent, 'build');
  await fs.mkdir(outDir);
  await fs.writeFile(path.join(outDir, 'index.html'), 'old site');
});

describe('the write stage, reusing the previous output', () => {
  it('links files the previous output holds unchanged and writes the others', async () => {
    await fs.writeFile(path.join(outDir, 'same.html'), 'unchanged');
    await fs.writeFile(path.join(outDir, 'edited.html'), 'before');
    const sameBefore = await fs.stat(path.join(outDir, 'same.html'));
    await writeAll(outDir, [
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
    await expect(writeAll(outDir, files, await scanStatic(staticDir))).rejects.toThrow();
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
    expect(await fs.readFile(path.join(outDir, 'robots.txt'), 'utf8')).toBe('static robots');
    expect((await fs.readdir(parent)).sort()).toEqual(['build', 'static']);
  });

  it('writes normally where the previous output had a file in place of a folder', async () => {
    await fs.writeFile(path.join(outDir, 'docs'), 'a file');
    await writeAll(outDir, [{ path: 'docs/index.html', contents: 'docs' }]);
    expect(await fs.readFile(path.join(outDir, 'docs', 'index.html'), 'utf8')).toBe('docs');
  });

  it('gives a later entry for the same path the last word when it is reused too', async () => {
    await writeAll(outDir, [
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

describe('writeOrReuse and copyOrReuse', () => {
  it('link the previous copy when its bytes are the same, and write a new file otherwise', async () => {
    const previous = path.join(outDir, 'index.html');
    const linkedTarget = path.join(parent, 'linked.html');
    writeOrReuse(linkedTarget, 'old site', previous);
    expect((await fs.stat(linkedTarget)).ino).toBe((await fs.stat(previous)).ino);
    const written = path.join(parent, 'written.html');
    writeOrReuse(written, 'new site', previous);
    expect(await fs.readFile(written, 'utf8')).toBe('new site');
    expect((await fs.stat(written)).nlink).toBe(1);
    writeOrReuse(path.join(parent, 'fresh.html'), 'no previous', undefined);
    expect(await fs.readFile(path.join(parent, 'fresh.html'), 'utf8')).toBe('no previous');
    const source = path.join(parent, 'robots.txt');
    await fs.writeFile(source, 'old site');
    copyOrReuse(source, path.join(parent, 'copy.txt'), previous);
    expect((await fs.stat(path.join(parent, 'copy.txt'))).ino).toBe((await fs.stat(previous)).ino);
  });

  it('replace a name already at the target rather than write through it', async () => {
    const previous = path.join(outDir, 'index.html');
    const target = path.join(parent, 'page.html');
    writeOrReuse(target, 'old site', previous);
    writeOrReuse(target, 'changed', previous);
    expect(await fs.readFile(target, 'utf8')).toBe('changed');
    expect(await fs.readFile(previous, 'utf8')).toBe('old site');
    const source = path.join(parent, 'static.txt');
    await fs.writeFile(source, 'static');
    copyOrReuse(source, target, previous);
    expect(await fs.readFile(target, 'utf8')).toBe('static');
    expect(await fs.readFile(previous, 'utf8')).toBe('old site');
  });

  it('keep only a link whose bytes they checked: another build swapping its output in meanwhile slips none in', async () => {
    const previous = path.join(outDir, 'page.html');
    await fs.writeFile(previous, 'same bytes');
    // Another build of the folder, of the same size but other bytes, swapped in just before the link.
    const theirs = path.join(parent, 'theirs.html');
    const link = fsSync.linkSync;
    const swapFirst = vi.spyOn(fsSync, 'linkSync').mockImplementation((existing, target) => {
      fsSync.writeFileSync(theirs, 'diff bytes');
      fsSync.renameSync(theirs, previous);
      link(existing, target);
    });
    try {
      const target = path.join(parent, 'new.html');
      writeOrReuse(target, 'same bytes', previous);
      expect(await fs.readFile(target, 'utf8')).toBe('same bytes');
      const source = path.join(parent, 'static.txt');
      await fs.writeFile(source, 'same bytes');
      copyOrReuse(source, path.join(parent, 'copy.txt'), previous);
      expect(await fs.readFile(path.join(parent, 'copy.txt'), 'utf8')).toBe('same bytes');
    } finally {
      swapFirst.mockRestore();
    }
  });
});
