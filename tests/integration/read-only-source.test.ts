import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

const dir = await scenario('read-only-source', {});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Every entry under `root` with its size and modification time, hidden ones included. */
async function snapshot(root: string): Promise<string[]> {
  const entries = await fg('**/*', { cwd: root, dot: true, onlyFiles: false, stats: true, followSymbolicLinks: false });
  return entries.map((e) => `${e.path} ${e.stats?.size} ${e.stats?.mtimeMs}`).sort();
}

// issue 22 item 5: CI may mount the sources read-only. A build writes its output folder (assembled in a temporary
// folder beside it and swapped in) and the portal's own .portal/ cache, nothing else: not a byte of the site.
describe('building from a read-only source tree', () => {
  it('changes nothing in the site folder, and writes only the output folder beside it', async () => {
    const before = await snapshot(path.join(dir, 'site'));
    const topBefore = (await fs.readdir(dir)).sort();
    const result = await portal(dir, 'build');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(await snapshot(path.join(dir, 'site'))).toEqual(before);
    expect((await fs.readdir(dir)).sort()).toEqual([...topBefore, 'build'].sort());
  });
});
