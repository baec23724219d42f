import http from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { buildFixture, memoryLogger, projectRoot } from '../helpers/fixtures.ts';
import { rawRequest } from '../helpers/raw-http.ts';

// issue 8, item 3: the preview server (`portal serve`, and the same static server under `portal check`)
// serves only files inside the output folder, whatever the spelling of the request.

const SECRET = 'PORTAL-SECRET-4f1c9a';
let outDir: string;
let work: string;
let secretFile: string;
let server: Awaited<ReturnType<typeof serve>>;
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  const built = await buildFixture('basic');
  outDir = built.outDir;
  work = path.dirname(outDir);
  // Beside the output folder: what a traversal would reach first. A FIFO blocks whoever opens it, so a
  // server that followed the symlink to it would hang instead of answering.
  secretFile = path.join(work, 'secret.txt');
  await fs.writeFile(secretFile, `${SECRET}\n`);
  execFileSync('mkfifo', [path.join(work, 'pipe')]);
  await fs.symlink(secretFile, path.join(outDir, 'leak.txt'));
  await fs.symlink(work, path.join(outDir, 'leakdir'));
  await fs.symlink(path.join(work, 'pipe'), path.join(outDir, 'pipe.txt'));
  await fs.symlink('../..', path.join(outDir, 'docs', 'up'));
  await fs.symlink('index.html', path.join(outDir, 'alias.html'));
  await fs.writeFile(path.join(outDir, 'blob.xyz'), 'opaque');
  log = memoryLogger();
  server = await serve({ root: work, outDir: 'build', port: 0, host: '127.0.0.1', watch: false, log });
});

afterAll(async () => {
  await server?.close();
  await fs.rm(work, { recursive: true, force: true });
});

/** Request targets that try to leave the output folder, each as it goes on the wire. */
const TRAVERSALS = [
  // plain dot segments
  '/../secret.txt',
  '/../../../../../../../../etc/passwd',
  '/docs/../../secret.txt',
  '/./../secret.txt',
  '/docs/intro/../../../secret.txt',
  // percent-encoded dots and slashes
  '/%2e%2e/secret.txt',
  '/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
  '/..%2fsecret.txt',
  '/..%2Fsecret.txt',
  '/%2e%2e%2fsecret.txt',
  '/.%2e/secret.txt',
  '/%2e./secret.txt',
  // double- and triple-encoded
  '/%252e%252e/secret.txt',
  '/%252e%252e%252fsecret.txt',
  '/%252e%252e/%252e%252e/etc/passwd',
  '/%25252e%25252e/secret.txt',
  // backslashes, raw and encoded
  '/..\\secret.txt',
  '/docs/..\\..\\secret.txt',
  '/%5c..%5csecret.txt',
  '/..%5csecret.txt',
  '/..%255csecret.txt',
  // null bytes
  '/index.html%00.txt',
  '/%00/../secret.txt',
  '/..%00/secret.txt',
  '/secret.txt%00',
  // overlong UTF-8 dots and slashes
  '/%c0%ae%c0%ae/secret.txt',
  '/..%c0%afsecret.txt',
  '/%e0%80%ae%e0%80%ae/secret.txt',
  // absolute paths and absolute-form targets
  '//etc/passwd',
  '///etc/passwd',
  '/etc/passwd',
  'etc/passwd',
  '*',
  'http://127.0.0.1/../secret.txt',
  'file:///etc/passwd',
  // symlinks in the output folder that point outside it
  '/leak.txt',
  '/leakdir/secret.txt',
  '/leakdir/build/../secret.txt',
  '/pipe.txt',
  '/docs/up/secret.txt',
];

describe('the preview server refuses every path outside the output folder', () => {
  it(`answers ${TRAVERSALS.length + 1} traversal attempts with 400 or 404 and no byte from outside`, async () => {
    // The secret's absolute path, as a URL path: the server must read it relative to the output folder.
    const attempts = [...TRAVERSALS, secretFile];
    const results = await Promise.all(
      attempts.map(async (target) => ({ target, res: await rawRequest(server.url, target) })),
    );
    for (const { target, res } of results) {
      expect([400, 404], `${target} → ${res.status}`).toContain(res.status);
      expect(res.body, target).not.toContain(SECRET);
      expect(res.body, target).not.toMatch(/root:.*:0:0:/);
      expect(res.headers['x-content-type-options'], target).toBe('nosniff');
    }
    console.log(`[issue 8] traversal attempts refused: ${results.length}`);
  });

  it('refuses a raw NUL byte in the request line', async () => {
    const res = await rawRequest(server.url, '/secret\0.txt');
    expect(res.status).toBe(400);
    expect(res.body).not.toContain(SECRET);
  });

  it('still follows a symlink that stays inside the folder', async () => {
    const res = await rawRequest(server.url, '/alias.html');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="__portal">');
  });

  it('never lists a directory', async () => {
    // A folder without an index.html answers the site's 404 page (or 400 for a traversal), nothing else.
    const notFound = await fs.readFile(path.join(outDir, '404.html'), 'utf8');
    const listings = [
      '/_portal/',
      '/_portal',
      '/_portal/c/',
      '/img/',
      '/img',
      '/leakdir/',
      '/docs/tags/../../_portal/',
    ];
    for (const target of listings) {
      const res = await rawRequest(server.url, target);
      expect([400, 404], target).toContain(res.status);
      if (res.status === 404) expect(res.body, target).toBe(notFound);
      expect(res.body, target).not.toContain('dot.svg');
    }
  });

  it('answers with the right content type and nosniff, on hits and misses alike', async () => {
    const portalFiles = await fs.readdir(path.join(outDir, '_portal'));
    const js = portalFiles.find((f) => f.endsWith('.js'));
    const css = portalFiles.find((f) => f.endsWith('.css'));
    const json = portalFiles.find((f) => f.endsWith('.json'));
    const expected: Array<[string, number, string]> = [
      ['/', 200, 'text/html; charset=utf-8'],
      ['/docs/intro', 200, 'text/html; charset=utf-8'],
      [`/_portal/${js}`, 200, 'text/javascript; charset=utf-8'],
      [`/_portal/${css}`, 200, 'text/css; charset=utf-8'],
      [`/_portal/${json}`, 200, 'application/json; charset=utf-8'],
      ['/img/dot.svg', 200, 'image/svg+xml'],
      ['/blob.xyz', 200, 'application/octet-stream'],
      ['/no/such/page', 404, 'text/html; charset=utf-8'],
    ];
    for (const [target, status, type] of expected) {
      const res = await rawRequest(server.url, target);
      expect(res.status, target).toBe(status);
      expect(res.headers['content-type'], target).toBe(type);
      expect(res.headers['x-content-type-options'], target).toBe('nosniff');
    }
    const post = await rawRequest(server.url, '/', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('where the preview server listens', () => {
  it('binds 127.0.0.1 by default, without a warning', async () => {
    const child = spawn('node', [path.join(projectRoot, 'bin', 'portal.js'), 'serve', '--no-build', '--port', '0'], {
      cwd: work,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`portal serve did not start: ${stderr}`)), 60_000);
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString();
          if (stdout.includes('serving')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const url = /http:\/\/[^\s/]+/.exec(stdout)?.[0] ?? '';
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/docs/intro`)).status).toBe(200);
      expect(stderr).not.toContain('warning');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      // Stopping a preview is how it ends, not a failure (issue 22): a neutral line, exit code 0.
      expect(await exited).toBe(0);
      expect(stdout).toContain('serve stopped');
      expect(stderr).not.toContain('✗');
    }
  });

  it.skipIf(process.platform !== 'linux')('opens the preview in the default browser with --open', async () => {
    // A stand-in for the desktop's opener (xdg-open here), first on the PATH: it records the URL it was given.
    const bin = await fs.mkdtemp(path.join(work, 'opener-'));
    const opened = path.join(bin, 'opened.txt');
    await fs.writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    const child = spawn(
      'node',
      [path.join(projectRoot, 'bin', 'portal.js'), 'serve', '--no-build', '--port', '0', '--open'],
      {
        cwd: work,
        env: { ...process.env, NO_COLOR: '1', PATH: `${bin}${path.delimiter}${process.env.PATH}` },
      },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    try {
      await expect
        .poll(() => fs.readFile(opened, 'utf8').catch(() => ''), { timeout: 30_000 })
        .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(stdout).toContain(await fs.readFile(opened, 'utf8'));
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      await fs.rm(bin, { recursive: true, force: true });
    }
  });

  it('takes the next free port when the one asked for is in use, and says so', async () => {
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const taken = (blocker.address() as { port: number }).port;
    const log = memoryLogger();
    try {
      const next = await serve({ root: work, outDir: 'build', port: taken, host: '127.0.0.1', watch: false, log });
      expect(Number(new URL(next.url).port)).toBeGreaterThan(taken);
      expect(log.text()).toContain(`port ${taken} is in use; using ${new URL(next.url).port} instead.`);
      expect((await fetch(`${next.url}/docs/intro`)).status).toBe(200);
      await next.close();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('warns when --host opens it to the network, and not for other loopback addresses', async () => {
    const open = memoryLogger();
    const exposed = await serve({ root: work, outDir: 'build', port: 0, host: '0.0.0.0', watch: false, log: open });
    await exposed.close();
    expect(open.text()).toContain(
      'warning: listening on 0.0.0.0, so other machines on your network can read this preview.',
    );
    const loop = memoryLogger();
    const other = await serve({ root: work, outDir: 'build', port: 0, host: '127.0.0.2', watch: false, log: loop });
    await other.close();
    expect(loop.text()).not.toContain('warning');
    expect(log.text()).not.toContain('warning');
  });
});
