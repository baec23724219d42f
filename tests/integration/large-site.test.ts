import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFiles } from '../../src/bench/corpus.ts';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/portal.js');
const PAGES = 520;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-large-'));
for (const [rel, contents] of Object.entries(corpusFiles(PAGES))) {
  await fs.mkdir(path.dirname(path.join(dir, 'site', rel)), { recursive: true });
  await fs.writeFile(path.join(dir, 'site', rel), contents);
}
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

// From 500 pages a build renders on a worker thread beside the main one (render-bodies.ts), which only the unit tests
// exercised with a stand-in bundle: every page of a real site must come out, and the worker must end with the build,
// or the CLI never exits.
describe('a site of over 500 pages', () => {
  it('builds every page of a site large enough to render on two threads, and the CLI exits', async () => {
    const out = path.join(dir, 'out');
    const { stdout } = await run('node', [bin, 'build', '--no-cache', '--out', out], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(new RegExp(`${PAGES} doc`));
    const docs = await fs.readdir(path.join(out, 'docs'), { recursive: true });
    const pages = docs.filter((f) => f.endsWith('index.html'));
    expect(pages.length).toBeGreaterThanOrEqual(PAGES);
    const first = await fs.readFile(path.join(out, 'docs', 'section-0', 'page-0', 'index.html'), 'utf8');
    expect(first).toContain('<h1');
  }, 90_000);
});
