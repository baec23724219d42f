import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/commands/serve.ts';
import { buildFixture, fixtureDir, memoryLogger, projectRoot } from '../helpers/fixtures.ts';
import { openEvents } from '../helpers/live-events.ts';
import { scenario } from '../helpers/scenario.ts';

// issue 8, item 3: the preview server under load from a second process, with 200 live-reload streams open,
// and while the files it watches are edited, deleted and renamed.

const run = promisify(execFile);
const LOAD_CLIENT = path.join(projectRoot, 'tests', 'helpers', 'load-client.mjs');

interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  resets: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** autocannon in a child process: `node tests/helpers/load-client.mjs <origin> <seconds> <connections> <paths…>`. */
async function load(origin: string, seconds: number, connections: number, paths: string[]): Promise<LoadResult> {
  const { stdout } = await run('node', [LOAD_CLIENT, origin, String(seconds), String(connections), ...paths], {
    cwd: projectRoot,
    timeout: (seconds + 30) * 1000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as LoadResult;
}

/** A live-reload stream as a page opens it: the events it has received so far. */
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function timedGets(origin: string, target: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}${target}`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    times.push(performance.now() - started);
  }
  return times;
}

describe('the preview server under load', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let paths: string[];

  beforeAll(async () => {
    const built = await buildFixture('basic');
    const assets = await fs.readdir(path.join(built.outDir, '_portal'));
    paths = [
      '/',
      '/docs/intro',
      '/docs/guides/first',
      '/docs/guides/second',
      '/about',
      '/img/dot.svg',
      `/_portal/${assets.find((f) => f.startsWith('entry-'))}`,
      `/_portal/${assets.find((f) => f.endsWith('.css'))}`,
    ];
    server = await serve({
      root: path.dirname(built.outDir),
      outDir: 'build',
      port: 0,
      host: '127.0.0.1',
      watch: false,
      log: memoryLogger(),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers every request of 50 connections for 5 s from another process', async () => {
    const r = await load(server.url, 5, 50, paths);
    console.log(
      `[issue 8] preview server load (node tests/helpers/load-client.mjs <url> 5 50 ${paths.length} paths): ` +
        `${Math.round(r.requestsPerSecond)} requests/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, ${r.total} requests, ` +
        `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`,
    );
    expect(r.total).toBeGreaterThan(500);
    expect(r).toMatchObject({ errors: 0, timeouts: 0, resets: 0, non2xx: 0 });
    expect(Object.keys(r.statusCodes)).toEqual(['200']);
  }, 60_000);

  it('keeps answering quickly with 200 live-reload streams open, and releases them all when they close', async () => {
    const baseline = await server.connections();
    const before = await timedGets(server.url, '/docs/intro', 20);
    const streams = await Promise.all(Array.from({ length: 200 }, () => openEvents(server.url)));
    expect(server.liveClients()).toBe(200);
    expect(await server.connections()).toBeGreaterThanOrEqual(baseline + 200);

    const during = await timedGets(server.url, '/docs/intro', 20);
    const underLoad = await load(server.url, 2, 20, paths);
    console.log(
      `[issue 8] with 200 live-reload streams open: median GET ${median(before).toFixed(1)} ms before, ${median(during).toFixed(1)} ms during; ` +
        `${Math.round(underLoad.requestsPerSecond)} requests/s, p99 ${underLoad.p99} ms under load`,
    );
    expect(median(during)).toBeLessThan(Math.max(100, median(before) * 10));
    expect(underLoad).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });

    for (const s of streams) s.close();
    await expect.poll(() => server.liveClients(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => server.connections(), { timeout: 10_000 }).toBeLessThanOrEqual(baseline);
  }, 60_000);
});

describe('the preview server while its files change', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof serve>>;
  let live: Awaited<ReturnType<typeof openEvents>>;
  const log = memoryLogger();

  beforeAll(async () => {
    dir = await scenario('serve-churn', {});
    server = await serve({ root: dir, port: 0, host: '127.0.0.1', log });
    live = await openEvents(server.url);
  });

  afterAll(async () => {
    live?.close();
    await server?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const page = async (target: string) => {
    const res = await fetch(`${server.url}${target}`);
    return { status: res.status, html: await res.text() };
  };
  const since = (from: number, event: string) => live.events.slice(from).filter((e) => e.event === event);
  const file = (rel: string) => path.join(dir, 'site', rel);

  it('survives edits, deletions, renames and bursts, reports errors to open pages and recovers', async () => {
    const first = file('docs/guides/first.md');
    const original = await fs.readFile(first, 'utf8');

    // 1. A good edit is rebuilt and served.
    await fs.writeFile(first, original.replace('# First guide', '# First guide, edited'));
    await expect
      .poll(async () => (await page('/docs/guides/first')).html, { timeout: 30_000 })
      .toContain('First guide, edited');

    // 2. A bad edit: open pages get the error (the overlay's text), the last good build is still served.
    let mark = live.events.length;
    await fs.writeFile(first, `${original}\n<div>\nunclosed\n`);
    await expect
      .poll(
        () =>
          since(mark, 'build-error')
            .map((e) => e.data)
            .join('\n'),
        { timeout: 30_000 },
      )
      .toContain('first.md');
    expect((await page('/docs/guides/first')).html).toContain('First guide, edited');

    // 3. Deleting a page others link to fails the build; the server keeps answering.
    mark = live.events.length;
    await fs.writeFile(first, original);
    const second = file('docs/guides/second.mdx');
    const secondText = await fs.readFile(second, 'utf8');
    await fs.rm(second);
    await expect
      .poll(
        () =>
          since(mark, 'build-error')
            .map((e) => e.data)
            .join('\n'),
        { timeout: 30_000 },
      )
      .toContain('/docs/guides/second');
    expect((await page('/')).status).toBe(200);

    // 4. Renames: a file, then its whole folder, and back.
    await fs.writeFile(second, secondText);
    await fs.rename(first, file('docs/guides/first-moved.md'));
    await expect.poll(async () => (await page('/docs/guides/first-moved')).status, { timeout: 30_000 }).toBe(200);
    await fs.rename(file('docs/guides'), file('docs/guides-moved'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await page('/docs/intro')).status).toBe(200);
    await fs.rename(file('docs/guides-moved'), file('docs/guides'));
    await fs.rename(file('docs/guides/first-moved.md'), first);

    // 5. A burst of writes, a file created and removed mid-burst, and a folder deleted and restored.
    for (let i = 0; i < 30; i++)
      await fs.writeFile(first, original.replace('# First guide', `# First guide, burst ${i}`));
    await fs.writeFile(file('docs/guides/scratch.md'), '# Scratch\n');
    await fs.rm(file('docs/guides/scratch.md'));
    await fs.writeFile(file('docs/guides/binary.md'), Buffer.from([0xff, 0xfe, 0x00, 0x3c, 0x7b, 0x00, 0x80]));
    await fs.rm(file('docs/guides'), { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fs.cp(path.join(fixtureDir('basic'), 'site', 'docs', 'guides'), file('docs/guides'), { recursive: true });
    await fs.writeFile(first, original.replace('# First guide', '# First guide, recovered'));

    // 6. Everything back in place: the build succeeds again, open pages are told to reload.
    mark = live.events.length;
    await expect
      .poll(async () => (await page('/docs/guides/first')).html, { timeout: 60_000 })
      .toContain('First guide, recovered');
    await expect.poll(() => since(mark, 'reload').length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await page('/docs/guides/second')).status).toBe(200);
    expect((await page('/docs/guides/scratch')).status).toBe(404);
    expect(log.text()).not.toMatch(/unhandled|EADDRINUSE|crashed/i);
  }, 240_000);
});
