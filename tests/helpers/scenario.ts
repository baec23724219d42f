import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { fixtureDir, projectRoot } from './fixtures.ts';

/**
 * A throwaway copy of a fixture site with some files replaced, for one bad-input scenario. Keeps each
 * scenario a small, named diff against `basic` instead of a dozen near-identical fixture folders.
 */
export async function scenario(name: string, files: Record<string, string | null>, from = 'basic'): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `portal-${name}-`));
  await fs.cp(fixtureDir(from), dir, {
    recursive: true,
    filter: (src) => !/[/\\]build([/\\]|$)/.test(src.slice(fixtureDir(from).length)),
  });
  for (const [rel, contents] of Object.entries(files)) {
    const file = path.join(dir, rel);
    if (contents === null) await fs.rm(file, { force: true });
    else {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, contents);
    }
  }
  return dir;
}

/** Runs the real CLI in a folder; never throws on a non-zero exit. */
export function portal(cwd: string, ...args: string[]) {
  return execa('node', [path.join(projectRoot, 'bin', 'portal.js'), ...args], {
    cwd,
    reject: false,
    env: { NO_COLOR: '1' },
    timeout: 120_000,
  });
}
