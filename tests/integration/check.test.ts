import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

describe('portal check', () => {
  it('passes a good build and lists a broken link with its page, exit 1', async () => {
    const dir = await scenario('check', {});
    expect((await portal(dir, 'build')).exitCode).toBe(0);
    const good = await portal(dir, 'check');
    expect(good.exitCode).toBe(0);
    expect(good.stdout).toContain('no broken links');

    // Break the output after the build, as a bad deploy would.
    await fs.rm(path.join(dir, 'build/docs/guides/second'), { recursive: true });
    const bad = await portal(dir, 'check');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/broken \/docs\/guides\/second.* on \/docs\//);

    // For machines (issue 22): one JSON object on stdout, nothing else; the same exit code.
    const json = await portal(dir, 'check', '--json');
    expect(json.exitCode).toBe(1);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      checked: number;
      external: boolean;
      broken: Array<{ url: string; page: string; status: number | null }>;
    };
    expect(report.ok).toBe(false);
    expect(report.external).toBe(false);
    expect(report.checked).toBeGreaterThan(1);
    expect(
      report.broken.some(
        (b) => b.url.startsWith('/docs/guides/second') && b.page.startsWith('/docs/') && b.status === 404,
      ),
    ).toBe(true);
    expect(json.stderr).toBe('');
  });

  it('builds quietly with --quiet, in detail with --verbose, and in colour only when asked (NO_COLOR, FORCE_COLOR)', async () => {
    const dir = await scenario('quiet', {});
    const quiet = await portal(dir, 'build', '--quiet');
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout).toBe('');
    // From scratch: a build with nothing changed since the last one keeps the output and runs no stage.
    const verbose = await portal(dir, 'build', '--verbose', '--no-cache');
    expect(verbose.exitCode).toBe(0);
    // Each detail sits indented under its stage's line.
    expect(verbose.stdout).toMatch(/✓ compile \d+ MDX files .*\n {4}\d+ Markdown and MDX sources/);
    expect(verbose.stdout).toMatch(/✓ bundle .*\n {4}client: \d+ files, \d+ KB; server bundle for \d+ routes/);
    expect(verbose.stdout).toMatch(/✓ write build .*\n {4}\d+ generated files and \d+ static files? into /);
    const { execa } = await import('execa');
    const bin = path.join(process.cwd(), 'bin', 'portal.js');
    const coloured = await execa('node', [bin, 'build'], {
      cwd: dir,
      reject: false,
      env: { FORCE_COLOR: '1', NO_COLOR: undefined },
    });
    expect(coloured.stdout).toContain('\x1b[');
    const plain = await execa('node', [bin, 'build', '--no-cache'], {
      cwd: dir,
      reject: false,
      env: { NO_COLOR: '1', FORCE_COLOR: undefined },
    });
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).not.toContain('\x1b[');
    expect(plain.stdout).toMatch(/✓ write build/);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('gives every command an example in its help (issue 22)', async () => {
    for (const command of ['build', 'serve', 'check', 'bench']) {
      const r = await portal(process.cwd(), command, '--help');
      expect(r.stdout, command).toMatch(
        new RegExp(
          `^Examples:\\n {2}\\$ (portal ${command}|npm run ${command}|portal build && portal ${command})`,
          'm',
        ),
      );
    }
  });

  it('prints help listing each command with its one-line description', async () => {
    const r = await portal(process.cwd(), '--help');
    expect(r.exitCode).toBe(0);
    // The block under "Commands:", up to the blank line that ends it.
    const commands = /^Commands:\n((?: {2}.*\n?)+)/m.exec(r.stdout)?.[1];
    expect(commands).toMatchInlineSnapshot(`
      "  build [options]  build the site into a static folder
        serve [options]  build, serve and rebuild on change, with live reload
        check [options]  crawl the built site for broken links
        bench [options]  measure build time, memory and first-visit bytes
      "
    `);
    const unknown = await portal(process.cwd(), 'build', '--nope');
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain('--help');
  });

  it('prints its version with --version and -v, and the overview with no command, exiting 0 (issue 22)', async () => {
    const { version } = JSON.parse(await fs.readFile(path.join(process.cwd(), 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-v']) {
      const r = await portal(process.cwd(), flag);
      expect(r.exitCode).toBe(0);
      expect(r.stdout.trim()).toBe(version);
    }
    const bare = await portal(process.cwd());
    expect(bare.exitCode).toBe(0);
    expect(bare.stdout).toMatch(/^Usage: portal /m);
    expect(bare.stdout).toMatch(/^Commands:$/m);
    const unknown = await portal(process.cwd(), 'nope');
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'nope'");
  });
});
