import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processRuns, removeLeftovers } from '../../../src/output/leftovers.ts';

// A build killed outright (out of memory, SIGKILL, a CI timeout) leaves its generated bundle inputs in .portal;
// the next build removes them, and nothing of a process still running.
describe('leftovers of killed builds in the work folder', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  it('removes what processes that no longer run left over an hour ago, and nothing else', async () => {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-work-'));
    dirs.push(workDir);
    const gone = 999_991;
    const running = 999_992;
    const names = [
      `gen-0123abcd-${gone}-1795787568206`,
      `gen-0123abcd-${gone}-1795787568206-fr`,
      `compile-worker-${gone}-1795787568206-6ku386jjd4k.mjs`,
      `highlight-worker-${gone}-1795787568206-0a9zq1x2c3.mjs`,
      `write-worker-${gone}-1795787568206-9bq2x7kd1m.mjs`,
      `gen-0123abcd-${running}-1795787568206`,
      `gen-0123abcd-${process.pid}-1795787568206`,
      'cache',
      'cli-0123456789abcdef',
    ];
    for (const name of names) {
      const file = path.join(workDir, name);
      if (name.endsWith('.mjs')) await fs.writeFile(file, 'export {};');
      else await fs.mkdir(path.join(file, 'routes'), { recursive: true });
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of names) await fs.utimes(path.join(workDir, name), twoHoursAgo, twoHoursAgo);
    // Left a minute ago by a process that is gone: maybe a build of another checkout sharing the folder, kept.
    const recent = `gen-4567abcd-${gone}-1795787568999`;
    await fs.mkdir(path.join(workDir, recent));
    const runs = (pid: number) => pid === running;
    expect(await removeLeftovers(workDir, { runs })).toEqual(names.slice(0, 5).sort());
    expect((await fs.readdir(workDir)).sort()).toEqual([...names.slice(5), recent].sort());
  });

  it('tells a running process from one that is gone', () => {
    expect(processRuns(process.pid)).toBe(true);
    expect(processRuns(2 ** 22 + 12345)).toBe(false);
  });
});
