import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/fixtures.ts';
import { portal, scenario } from '../helpers/scenario.ts';
import { treeHash } from '../helpers/tree-hash.ts';

// issue 8, item 1: a build stopped by SIGINT (Ctrl-C) or SIGTERM (CI cancelling a job) part-way leaves the
// previous output exactly as it was, leaves no temporary folder behind, and exits 130 or 143.

let dir: string;
let before: Record<string, string>;

beforeAll(async () => {
  // Big enough to stop part-way: 300 docs to compile and 2,000 static files to copy while writing.
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++)
    files[`site/docs/many/page-${i}.md`] =
      `---\ntitle: Page ${i}\n---\n\n# Page ${i}\n\nBack to the [intro](/docs/intro).\n\n## Details\n\nText.\n`;
  for (let i = 0; i < 2000; i++) files[`site/static/bulk/file-${i}.txt`] = `static file ${i}\n`;
  dir = await scenario('interrupted', files);
  const first = await portal(dir, 'build');
  expect(first.exitCode, first.stderr).toBe(0);
  before = await treeHash(path.join(dir, 'build'));
  // The next build would change a page: an interrupted one must not.
  await fs.appendFile(path.join(dir, 'site/docs/intro.mdx'), '\nEdited after the first build.\n');
}, 180_000);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Starts `portal build`, sends `signal` once `ready` says so, and resolves to how it ended. */
function interruptedBuild(signal: 'SIGINT' | 'SIGTERM', ready: (stdout: string) => boolean | Promise<boolean>) {
  return new Promise<{
    code: number | null;
    killedBy: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
    pid: number;
    /** When it was started (ms since the epoch, as file times are). */
    started: number;
  }>((resolve, reject) => {
    const started = Date.now();
    const child = spawn('node', [path.join(projectRoot, 'bin', 'portal.js'), 'build'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = setInterval(async () => {
      if (sent || !(await ready(stdout))) return;
      sent = true;
      clearInterval(poll);
      child.kill(signal);
    }, 1);
    const timeout = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('exit', (code, killedBy) => {
      clearInterval(poll);
      clearTimeout(timeout);
      if (!sent) reject(new Error(`the build ended before the signal was sent:\n${stdout}\n${stderr}`));
      else resolve({ code, killedBy, stdout, stderr, pid: child.pid as number, started });
    });
  });
}

async function expectNothingChanged(pid: number, stderr: string): Promise<void> {
  expect(await treeHash(path.join(dir, 'build'))).toEqual(before);
  expect(
    (await fs.readdir(dir)).filter((n) => n !== 'build' && n !== 'site'),
    stderr,
  ).toEqual([]);
  // The generated modules and the compile worker of that process live in .portal/ under its pid.
  const work = await fs.readdir(path.join(projectRoot, '.portal')).catch(() => []);
  expect(work.filter((n) => n.includes(`-${pid}-`))).toEqual([]);
}

describe('an interrupted portal build', () => {
  it('stops on SIGINT while writing: exit 130, previous output byte for byte, no temporary folder', async () => {
    const r = await interruptedBuild('SIGINT', async () =>
      (await fs.readdir(dir)).some((n) => n.startsWith('.build.tmp-')),
    );
    expect(r.killedBy, 'the build handled the signal itself').toBeNull();
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).not.toContain('✓ write');
    expect(r.stderr).toContain('build interrupted by SIGINT');
    await expectNothingChanged(r.pid, r.stderr);
  }, 150_000);

  it('stops on SIGTERM while compiling: exit 143, previous output byte for byte, no temporary folder', async () => {
    // Docs the compile cache does not hold yet (an earlier test's build may have compiled the others): with every
    // doc cached, the compile stage is over in a few milliseconds.
    for (let i = 0; i < 300; i += 3)
      await fs.appendFile(path.join(dir, `site/docs/many/page-${i}.md`), `\nRevised before the SIGTERM test.\n`);
    const r = await interruptedBuild('SIGTERM', (stdout) => stdout.includes('✓ scan'));
    expect(r.killedBy).toBeNull();
    expect(r.code, r.stderr).toBe(143);
    expect(r.stdout).not.toContain('✓ compile');
    expect(r.stderr).toContain('build interrupted by SIGTERM');
    await expectNothingChanged(r.pid, r.stderr);
    // The compile cache it was filling stays sound: no half-written entry of that process, every entry readable.
    const cacheDir = path.join(projectRoot, '.portal', 'cache');
    const entries = await fs.readdir(cacheDir).catch(() => []);
    expect(entries.filter((n) => n.includes(`.${r.pid}.`))).toEqual([]);
    // Only entries written while it ran can be its own: the cache a working copy keeps holds tens of thousands of
    // older ones (reading them all took 35 s of the suite).
    for (const n of entries.filter((e) => e.endsWith('.json'))) {
      const file = path.join(cacheDir, n);
      // (a second of margin: file times are coarser than the clock). One gone meanwhile was pruned by another build
      // of the suite, whole: there is nothing half written to find in it.
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs >= r.started - 1000) JSON.parse(await fs.readFile(file, 'utf8'));
    }
    // And the next build, reading it, completes.
    const next = await portal(dir, 'build');
    expect(next.exitCode, next.stderr).toBe(0);
    expect(await fs.readFile(path.join(dir, 'build/docs/intro/index.html'), 'utf8')).toContain(
      'Edited after the first build.',
    );
  }, 150_000);
});
