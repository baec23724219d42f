import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../../src/serve/static-server.ts';

const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-static-abort-'));
afterAll(() => fsp.rm(scratch, { recursive: true, force: true }));

/** The files this process holds open under `dir` (Linux: /proc/self/fd). */
const openUnder = (dir: string): number =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

describe.skipIf(!fs.existsSync('/proc/self/fd'))('the preview server when a reader goes away mid-file', () => {
  it('closes the file at once, not when garbage is collected', async () => {
    const root = path.join(scratch, 'out');
    await fsp.mkdir(root);
    // Larger than the socket's buffers, so the file is still being read when the reader leaves.
    await fsp.writeFile(path.join(root, 'big.bin'), Buffer.alloc(32 * 1024 * 1024, 1));
    const server = createStaticServer({ root, baseUrl: () => '/' });
    const { url } = await listen(server, 0, '127.0.0.1');
    try {
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = http.get(`${url}/big.bin`, (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        });
      }
      await expect.poll(() => openUnder(root), { timeout: 5_000 }).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
