import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwapGate } from '../../../src/output/swap-gate.ts';
import { openOutput } from '../../../src/output/write.ts';
import { createStaticServer, listen } from '../../../src/serve/static-server.ts';

// The preview server keeps answering while a rebuild puts its output in place: a page asked for between the two
// renames of the swap used to come back 404 (seen in CI as a flaky serve test).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the swap gate', () => {
  it('holds new readers while a swap runs, and the swap until readers in progress are done', async () => {
    const gate = createSwapGate();
    const order: string[] = [];
    const slowRead = gate.read(async () => {
      await sleep(30);
      order.push('read 1 done');
    });
    const swap = gate.swap(async () => {
      order.push('swap start');
      await sleep(30);
      order.push('swap done');
    });
    const lateRead = gate.read(async () => {
      order.push('read 2');
    });
    await Promise.all([slowRead, swap, lateRead]);
    expect(order).toEqual(['read 1 done', 'swap start', 'swap done', 'read 2']);
  });

  it('is released when a swap fails', async () => {
    const gate = createSwapGate();
    await expect(gate.swap(() => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    await expect(gate.read(async () => 'read')).resolves.toBe('read');
  });
});

describe('the static server during a swap', () => {
  let dir: string;
  let outDir: string;
  let origin: string;
  let close: () => Promise<void>;
  const gate = createSwapGate();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-swap-'));
    outDir = path.join(dir, 'build');
    const first = await openOutput(outDir, undefined, undefined, gate);
    first.add({ path: 'index.html', contents: '<p>build 0</p>' });
    first.add({ path: '404.html', contents: 'missing' });
    await first.commit();
    const server = createStaticServer({ root: outDir, gate });
    ({ url: origin } = await listen(server, 0, '127.0.0.1'));
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers a request made between the two renames with the new page, not 404', async () => {
    const old = path.join(dir, 'old');
    const next = path.join(dir, 'next');
    await fs.mkdir(next);
    await fs.writeFile(path.join(next, 'index.html'), '<p>build 1</p>');
    let asked: Promise<Response> | undefined;
    await gate.swap(async () => {
      await fs.rename(outDir, old);
      // The output folder is missing now: a request must wait, not miss.
      asked = fetch(`${origin}/`);
      await sleep(100);
      await fs.rename(next, outDir);
    });
    const res = await (asked as Promise<Response>);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>build 1</p>');
  });

  it('serves every request made through a series of commits, each the old or the new page', async () => {
    let stop = false;
    const statuses: number[] = [];
    const requests = (async () => {
      while (!stop) {
        const res = await fetch(`${origin}/`);
        statuses.push(res.status);
        expect(await res.text()).toMatch(/^<p>build \d+<\/p>$/);
      }
    })();
    for (let n = 2; n < 12; n++) {
      const writer = await openOutput(outDir, undefined, undefined, gate);
      writer.add({ path: 'index.html', contents: `<p>build ${n}</p>` });
      await writer.commit();
    }
    stop = true;
    await requests;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
