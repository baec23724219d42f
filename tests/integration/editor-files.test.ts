import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { fixtureDir, memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

/**
 * Files as Windows editors save them: Notepad and Visual Studio's "UTF-8 with signature" start a file with a byte
 * order mark (U+FEFF), and many write CRLF line ends. The mark once hid a doc's front matter (its YAML shown as
 * text, its title lost) and its first `# heading`, and made versions.json invalid JSON.
 */
const BOM = '\uFEFF';
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

async function built(name: string, files: Record<string, string>, from?: string) {
  const dir = await scenario(name, files, from);
  dirs.push(dir);
  const result = await build({ root: dir, outDir: path.join(dir, 'build'), log: memoryLogger(), diskCache: false });
  const html = (rel: string) => fs.readFile(path.join(dir, 'build', rel), 'utf8');
  return { result, html };
}

describe('files saved by Windows editors', () => {
  it('reads a doc that starts with a byte order mark: its front matter, its first heading and its sidebar label', async () => {
    const { result, html } = await built('editor-bom', {
      'site/docs/guides/notepad.mdx': `${BOM}---\r\ntitle: Saved in Notepad\r\nsidebar_label: From Notepad\r\nsidebar_position: 9\r\n---\r\n\r\n# A heading in the body\r\n\r\nSome text.\r\n`,
      'site/docs/guides/signature.md': `${BOM}# Only a heading\n\nSome text.\n`,
    });
    expect(result.warnings).toEqual([]);
    const notepad = await html('docs/guides/notepad/index.html');
    expect(notepad).toContain('<title>Saved in Notepad | ');
    expect(notepad).not.toContain('sidebar_label');
    expect(notepad).toContain('>From Notepad</a>');
    const signature = await html('docs/guides/signature/index.html');
    expect(signature).toContain('<title>Only a heading | ');
    expect(signature).toMatch(/<h1[^>]*>Only a heading<\/h1>/);
    // Nor is the mark published with the doc's Markdown source.
    expect(await html('docs/guides/signature.md')).toMatch(/^# Only a heading/);
  });

  it('reads versions.json and a versioned sidebars file that start with a byte order mark', async () => {
    const from = path.join(fixtureDir('versions-two'), 'site');
    const withBom = async (rel: string) => `${BOM}${await fs.readFile(path.join(from, rel), 'utf8')}`;
    const { result, html } = await built(
      'editor-bom-versions',
      {
        'site/versions.json': await withBom('versions.json'),
        'site/versioned_sidebars/version-1.0-sidebars.json': await withBom(
          'versioned_sidebars/version-1.0-sidebars.json',
        ),
      },
      'versions-two',
    );
    expect(result.warnings).toEqual([]);
    expect(await html('docs/intro/index.html')).toContain('>Setup (1.0)</a>');
  });
});
