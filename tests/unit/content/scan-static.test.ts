import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanStatic } from '../../../src/content/scan-static.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scan-static-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('scanStatic', () => {
  it('lists files and links once for the writer, and every servable path for the link check', async () => {
    const root = path.join(dir, 'static');
    await fs.mkdir(path.join(root, 'img/icons'), { recursive: true });
    await fs.mkdir(path.join(dir, 'elsewhere'), { recursive: true });
    await fs.writeFile(path.join(root, 'img/icons/a.svg'), '<svg/>');
    await fs.writeFile(path.join(root, 'robots.txt'), 'x');
    await fs.writeFile(path.join(root, '.hidden'), 'secret');
    await fs.writeFile(path.join(dir, 'elsewhere/guide.pdf'), 'pdf');
    await fs.symlink('icons/a.svg', path.join(root, 'img/link.svg'));
    await fs.symlink(path.join(dir, 'elsewhere'), path.join(root, 'downloads'));
    const statics = await scanStatic(root);
    // The writer copies the linked folder as one link, not its files one by one.
    expect(statics.entries).toEqual([
      { rel: 'downloads', link: true },
      { rel: 'img/icons/a.svg', link: false },
      { rel: 'img/link.svg', link: true },
      { rel: 'robots.txt', link: false },
    ]);
    // A link to a file in the linked folder is not broken; dot files are not published.
    expect([...statics.paths].sort()).toEqual([
      '/downloads/guide.pdf',
      '/img/icons/a.svg',
      '/img/link.svg',
      '/robots.txt',
    ]);
  });

  it('reads a missing static folder as an empty one', async () => {
    const statics = await scanStatic(path.join(dir, 'none'));
    expect(statics.entries).toEqual([]);
    expect(statics.paths.size).toBe(0);
  });
});
