import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWriteThread } from '../../../src/output/write-thread.ts';

// Issue 17: the output's files are written on a thread of their own, beside the rendering.
let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-write-thread-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('the write thread', () => {
  it('writes the files in the order given, a later one of the same path winning, by the time flush resolves', async () => {
    const thread = await startWriteThread();
    try {
      thread.write(path.join(dir, 'a/b/index.html'), undefined, bytesOf('first'));
      thread.write(path.join(dir, 'a/c.txt'), undefined, bytesOf('c'));
      thread.write(path.join(dir, 'a/b/index.html'), undefined, bytesOf('second'));
      await thread.flush();
      expect(await fs.readFile(path.join(dir, 'a/b/index.html'), 'utf8')).toBe('second');
      expect(await fs.readFile(path.join(dir, 'a/c.txt'), 'utf8')).toBe('c');
      expect(thread.pendingBytes()).toBe(0);
    } finally {
      await thread.stop();
    }
  });

  it('holds no more than its limit of bytes not yet written: the sender waits for it', async () => {
    const limit = 64 * 1024;
    const page = 16 * 1024;
    const thread = await startWriteThread(limit);
    try {
      let most = 0;
      for (let i = 0; i < 300; i++) {
        thread.write(path.join(dir, `p${i}/index.html`), undefined, new Uint8Array(page).fill(97));
        most = Math.max(most, thread.pendingBytes());
      }
      expect(most).toBeLessThanOrEqual(limit + page);
      await thread.flush();
      expect((await fs.readdir(dir)).length).toBe(300);
    } finally {
      await thread.stop();
    }
  });

  it('tells the first failed write at the flush, and writes nothing after it', async () => {
    const thread = await startWriteThread();
    try {
      await fs.writeFile(path.join(dir, 'taken'), 'a file where a folder must be');
      thread.write(path.join(dir, 'taken/index.html'), undefined, bytesOf('x'));
      thread.write(path.join(dir, 'after.html'), undefined, bytesOf('y'));
      await expect(thread.flush()).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/) });
      expect(await fs.readdir(dir)).toEqual(['taken']);
    } finally {
      await thread.stop();
    }
  });
});
