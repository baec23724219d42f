import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInterruptController, InterruptedError } from '../../../src/output/interrupt.ts';
import { scanStatic } from '../../../src/content/scan-static.ts';
import { openOutput } from '../../../src/output/write.ts';
import { writeAll } from '../../helpers/output.ts';

// issue 8: the write stage never leaves a half-written site, whether it is interrupted or killed outright.

let parent: string;
let outDir: string;

beforeEach(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-write-'));
  outDir = path.join(parent, 'build');
  await fs.mkdir(outDir);
  await fs.writeFile(path.join(outDir, 'index.html'), 'old site');
});
// Each test writes up to a few thousand files: left in the system's temporary folder, they pile up run after run.
afterEach(() => fs.rm(parent, { recursive: true, force: true }));

const manyFiles = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ path: `docs/p${i}/index.html`, contents: `page ${i}` }));

describe('the write stage, interrupted or killed', () => {
  it('stops when interrupted, removes its temporary folder and leaves the old output', async () => {
    const interrupt = createInterruptController();
    const writing = writeAll(outDir, manyFiles(2000), undefined, interrupt);
    const stopped = interrupt.interrupt('SIGINT');
    await expect(writing).rejects.toBeInstanceOf(InterruptedError);
    await stopped;
    expect(await fs.readdir(parent)).toEqual(['build']);
    expect(await fs.readdir(outDir)).toEqual(['index.html']);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });

  it('makes an interruption that comes during the swap wait for it, then removes what the build registered', async () => {
    const interrupt = createInterruptController();
    const scratch = path.join(parent, 'gen-scratch');
    await fs.mkdir(scratch);
    interrupt.track(scratch);
    const out = await openOutput(outDir, undefined, interrupt);
    await out.addAll(manyFiles(500));
    let settled = false;
    const committing = out.commit().finally(() => (settled = true));
    await interrupt.interrupt('SIGTERM');
    // interrupt() resolved only after the swap had finished: the new output is whole, nothing else is left.
    expect(settled).toBe(true);
    await committing;
    expect((await fs.readdir(path.join(outDir, 'docs'))).length).toBe(500);
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('writes normally when nothing interrupts it', async () => {
    await writeAll(outDir, manyFiles(3), undefined, createInterruptController());
    expect((await fs.readdir(path.join(outDir, 'docs'))).sort()).toEqual(['p0', 'p1', 'p2']);
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('recovers from a build killed outright: puts an output moved aside back and drops temporary folders', async () => {
    const dead = deadPid();
    // A SIGKILL between the two renames of the swap: the old output aside, nothing in its place.
    await fs.rename(outDir, `${outDir}.old-${dead}-0a1b2c`);
    await fs.mkdir(path.join(parent, `.build.tmp-${dead}-abc123`));
    // One named by a portal before pids were in the name, and one of this pid that nothing here uses (a
    // container gives its processes the same few pids every time, so a crashed build may have had it).
    await fs.mkdir(path.join(parent, '.build.tmp-abc123'));
    await fs.mkdir(path.join(parent, `.build.tmp-${process.pid}-def456`));
    // This write fails (a file where a folder must go), so what is left is what recovery made of it.
    const conflicting = [
      { path: 'a', contents: 'x' },
      { path: 'a/b', contents: 'y' },
    ];
    await expect(writeAll(outDir, conflicting)).rejects.toThrow();
    expect((await fs.readdir(parent)).sort()).toEqual(['build']);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });

  it('leaves the folders of a build still running in another process alone', async () => {
    const running = process.ppid;
    const theirs = [`.build.tmp-${running}-abc123`, `build.old-${running}-abc123`];
    for (const name of theirs) await fs.mkdir(path.join(parent, name));
    await writeAll(outDir, manyFiles(1));
    expect((await fs.readdir(parent)).sort()).toEqual(['build', ...theirs].sort());
  });

  it('leaves folders that only look like its own alone', async () => {
    await fs.mkdir(path.join(parent, 'build.old-backup'));
    await writeAll(outDir, manyFiles(1));
    expect((await fs.readdir(parent)).sort()).toEqual(['build', 'build.old-backup']);
  });
});

describe('the write stage, static files', () => {
  it('copies the static folder (nested files, symbolic links as links, dot files left out) under the generated files', async () => {
    const staticDir = path.join(parent, 'static');
    await fs.mkdir(path.join(staticDir, 'img', 'icons'), { recursive: true });
    await fs.writeFile(path.join(staticDir, 'img', 'icons', 'a.svg'), '<svg/>');
    await fs.writeFile(path.join(staticDir, 'robots.txt'), 'static robots');
    await fs.writeFile(path.join(staticDir, '.hidden'), 'secret');
    await fs.symlink('icons/a.svg', path.join(staticDir, 'img', 'link.svg'));
    await writeAll(
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
    await writeAll(outDir, [
      { path: 'a/index.html', contents: 'first' },
      { path: 'a/index.html', contents: 'second' },
    ]);
    expect(await fs.readFile(path.join(outDir, 'a', 'index.html'), 'utf8')).toBe('second');
  });
});

/** The pid of a process that has exited. */
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not start a process');
  return child.pid;
};

const build = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ path: `docs/p${i}/index.html`, contents: `${name} ${i}` }));

/** What the output folder holds, as `path: contents`, sorted. */
async function readTree(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return (
    await Promise.all(files.map(async (f) => `${path.relative(dir, f)}: ${await fs.readFile(f, 'utf8')}`))
  ).sort();
}

const expected = (name: string, n: number) =>
  build(name, n)
    .map((f) => `${f.path}: ${f.contents}`)
    .sort();

// Two builds of one output folder at once: `portal build` while `serve` rebuilds it, or two CI jobs.
describe('two builds of the same output folder', () => {
  it('both finish, opened and written side by side; the output is the last one committed, whole', async () => {
    // A writes as its pages render: some before B opens the folder, the rest after.
    const a = await openOutput(outDir);
    const [first, ...rest] = build('a', 20);
    if (first) a.add(first);
    const b = await openOutput(outDir);
    await a.addAll(rest);
    await b.addAll(build('b', 30));
    await a.commit();
    expect(await readTree(outDir)).toEqual(expected('a', 20));
    await b.commit();
    expect(await readTree(outDir)).toEqual(expected('b', 30));
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('swaps in whole when the other build swaps its own in between its two renames', async () => {
    const a = await openOutput(outDir);
    const b = await openOutput(outDir);
    await a.addAll(build('a', 20));
    await b.addAll(build('b', 30));
    // B's whole commit runs just as A is about to put its folder in place (A has the old output aside already).
    const rename = fs.rename;
    let bCommitted: Promise<void> | undefined;
    const bFirst = vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      if (to === outDir && String(from).includes('.tmp-') && !bCommitted) {
        bCommitted = b.commit();
        await bCommitted;
      }
      return rename(from, to);
    });
    try {
      await a.commit();
    } finally {
      bFirst.mockRestore();
    }
    expect(bCommitted).toBeDefined();
    expect(await readTree(outDir)).toEqual(expected('a', 20));
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('both finish when they commit at the same moment, and the output is one of them, whole', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await openOutput(outDir);
      const b = await openOutput(outDir);
      await a.addAll(build('a', 20));
      await b.addAll(build('b', 30));
      await Promise.all([a.commit(), b.commit()]);
      expect([expected('a', 20), expected('b', 30)]).toContainEqual(await readTree(outDir));
      expect(await fs.readdir(parent)).toEqual(['build']);
    }
  });
});

// issue 20: pages are written as they are rendered, so the output folder is open for the whole build.
describe('openOutput', () => {
  it('keeps what is added out of sight until commit, then swaps it in whole', async () => {
    const out = await openOutput(outDir);
    out.add({ path: 'docs/a/index.html', contents: 'a' });
    out.add({ path: 'docs/b/index.html', contents: new Uint8Array([98]) });
    expect(await fs.readdir(outDir)).toEqual(['index.html']);
    expect(out.written).toEqual({ files: 2, bytes: 2 });
    await out.commit();
    expect((await fs.readdir(path.join(outDir, 'docs'))).sort()).toEqual(['a', 'b']);
    expect(await fs.readdir(parent)).toEqual(['build']);
    expect(() => out.add({ path: 'late.html', contents: 'x' })).toThrow(/already committed/);
  });

  it('leaves the old output as it was when the build fails after pages were written', async () => {
    const out = await openOutput(outDir);
    out.add({ path: 'index.html', contents: 'new site' });
    await out.discard();
    expect(await fs.readdir(parent)).toEqual(['build']);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });

  it('fails the commit when a file could not be written, and the old output stays', async () => {
    // Files are written on a thread of their own (write-thread.ts): the failure is told when the build commits.
    const out = await openOutput(outDir);
    out.add({ path: 'docs', contents: 'a file where a folder must be' });
    out.add({ path: 'docs/a/index.html', contents: 'a' });
    out.add({ path: 'docs/b/index.html', contents: 'b' });
    await expect(out.commit()).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/) });
    await out.discard();
    expect(await fs.readdir(parent)).toEqual(['build']);
    expect(await fs.readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old site');
  });

  it('writes the bytes it was given even when the caller reads them again after (the search stage does)', async () => {
    const out = await openOutput(outDir);
    const whole = new TextEncoder().encode('0123456789');
    const part = whole.subarray(2, 5);
    out.add({ path: 'whole.txt', contents: whole });
    out.add({ path: 'part.txt', contents: part });
    expect(new TextDecoder().decode(whole)).toBe('0123456789');
    await out.commit();
    expect(await fs.readFile(path.join(outDir, 'whole.txt'), 'utf8')).toBe('0123456789');
    expect(await fs.readFile(path.join(outDir, 'part.txt'), 'utf8')).toBe('234');
  });

  it('takes the bytes of a page nothing reads again as they are, and writes them whole', async () => {
    const out = await openOutput(outDir);
    const page = Buffer.from(`<p>${'x'.repeat(20_000)}</p>`);
    const small = Buffer.from('<p>small</p>');
    out.add({ path: 'big/index.html', contents: page }, true);
    out.add({ path: 'small/index.html', contents: small }, true);
    expect(out.written).toEqual({ files: 2, bytes: 20_007 + 12 });
    await out.commit();
    expect((await fs.readFile(path.join(outDir, 'big/index.html'), 'utf8')).length).toBe(20_007);
    expect(await fs.readFile(path.join(outDir, 'small/index.html'), 'utf8')).toBe('<p>small</p>');
  });

  it('removes the folders it made for an output that never came', async () => {
    const nested = path.join(parent, 'out', 'a', 'build');
    const out = await openOutput(nested);
    out.add({ path: 'index.html', contents: 'x' });
    await out.discard();
    expect(await fs.readdir(parent)).toEqual(['build']);
  });

  it('refuses a path that leaves the folder, before writing it', async () => {
    const out = await openOutput(outDir);
    expect(() => out.add({ path: '../escaped.html', contents: 'x' })).toThrow(/refusing to write/);
    await out.discard();
    expect((await fs.readdir(parent)).sort()).toEqual(['build']);
  });
});
