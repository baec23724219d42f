import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectContentFiles } from '../../../src/content/content-files.ts';
import type { SourceLink } from '../../../src/content/compile.ts';

const links = (...urls: string[]): SourceLink[] => urls.map((url) => ({ url, kind: 'image' }));

describe('collectContentFiles', () => {
  let root: string;
  let site: string;
  const png = Buffer.from('not really a png');
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-content-files-'));
    site = path.join(root, 'site');
    await fs.mkdir(path.join(site, 'docs', 'img'), { recursive: true });
    await fs.mkdir(path.join(site, 'docs', '.private'), { recursive: true });
    await fs.writeFile(path.join(site, 'docs', 'img', 'My Diagram.png'), png);
    await fs.writeFile(path.join(site, 'docs', '.private', 'secret.png'), 'secret');
    await fs.writeFile(path.join(root, 'outside.png'), 'outside');
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('reads each file of the site folder a page names once, under a name made from its bytes', async () => {
    const files = await collectContentFiles(
      [
        { file: path.join(site, 'docs', 'a.md'), links: links('./img/My%20Diagram.png', './missing.png') },
        { file: path.join(site, 'docs', 'guides', 'b.md'), links: links('../img/My%20Diagram.png#zoom') },
      ],
      site,
    );
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 8);
    expect([...files.keys()]).toEqual([path.join(site, 'docs', 'img', 'My Diagram.png')]);
    expect(files.get(path.join(site, 'docs', 'img', 'My Diagram.png'))).toEqual({
      path: `_portal/files/My-Diagram-${hash}.png`,
      contents: png,
    });
  });

  it('never reads a file outside the site folder or a hidden one', async () => {
    const files = await collectContentFiles(
      [{ file: path.join(site, 'docs', 'a.md'), links: links('../../outside.png', './.private/secret.png') }],
      site,
    );
    expect(files.size).toBe(0);
  });
});
