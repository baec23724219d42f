import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { PortalError } from '../../src/diagnostics.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { portal, scenario } from '../helpers/scenario.ts';

/** Every file of a folder, relative to it. */
async function tree(dir: string): Promise<string[]> {
  return (await fs.readdir(dir, { recursive: true })).map(String).sort();
}

/** The diagnostics a build of `dir` fails with. */
async function failure(dir: string) {
  const err = await build({
    root: dir,
    outDir: path.join(dir, 'out/a/build'),
    log: memoryLogger(),
    diskCache: false,
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PortalError);
  return (err as PortalError).diagnostics;
}

const doc = (frontMatter: string) => `---\n${frontMatter}\n---\n\n# A page\n\nText.\n`;

// issue 20 item 2 (and issue 15 item 5): every written path stays inside the output folder, and no name a
// file system refuses or Windows reserves is written.
describe('route paths that cannot be written', () => {
  it('refuses a slug that leaves the output folder, naming the file and the line of `slug:`; nothing is written', async () => {
    const dir = await scenario('route-escape', {
      'site/docs/escape.mdx': doc('title: Escape\nsidebar_label: Out\nslug: "../../../../escaped-page"'),
    });
    const r = await portal(dir, 'build', '--out', 'out/a/build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/site\/docs\/escape\.mdx:4/);
    expect(r.stderr).toContain('route-path-unsafe');
    expect(r.stderr).toContain('".." or "." segment');
    expect(await tree(dir)).not.toContain('escaped-page');
    expect((await tree(dir)).filter((p) => p.includes('escaped-page'))).toEqual([]);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow();
  }, 120_000);

  it.each([
    ['a control character', 'slug: "/a\\x01b"', /control character/],
    ['a backslash', 'slug: "/a\\\\b"', /backslash/],
    ['a Windows device name', 'slug: /guides/aux', /"aux" is a device name Windows reserves/],
  ])(
    'refuses a slug with %s',
    async (_what, frontMatter, reason) => {
      const dir = await scenario('route-bad-name', { 'site/docs/bad.mdx': doc(`title: Bad\n${frontMatter}`) });
      const [d] = await failure(dir);
      expect(d).toMatchObject({ code: 'route-path-unsafe', file: path.join(dir, 'site/docs/bad.mdx'), line: 3 });
      expect(d?.message).toMatch(reason);
    },
    120_000,
  );

  it('refuses a doc file named like a Windows device', async () => {
    const dir = await scenario('route-device-file', { 'site/docs/guides/nul.md': doc('title: Device') });
    const [d] = await failure(dir);
    expect(d).toMatchObject({ code: 'route-path-unsafe', file: path.join(dir, 'site/docs/guides/nul.md') });
    expect(d?.line).toBeUndefined();
  }, 120_000);

  it('warns about two routes that differ only by case and builds the first', async () => {
    const dir = await scenario('route-case', {
      'site/docs/guides/one.mdx': doc('title: One\nslug: /guides/Extra-Page'),
      'site/docs/guides/two.mdx': doc('title: Two\nslug: /guides/extra-page'),
    });
    const log = memoryLogger();
    const result = await build({ root: dir, outDir: path.join(dir, 'build'), log, diskCache: false });
    const dup = result.warnings.filter((w) => w.code === 'route-duplicate');
    expect(dup).toHaveLength(1);
    expect(dup[0]?.message).toMatch(/differ only by case/);
    expect(dup[0]?.related?.map((r) => r.message).join('\n')).toMatch(
      /\/docs\/guides\/Extra-Page[\s\S]*\/docs\/guides\/extra-page/,
    );
    expect(result.table.routes.filter((r) => r.path.toLowerCase() === '/docs/guides/extra-page')).toHaveLength(1);
  }, 120_000);
});
