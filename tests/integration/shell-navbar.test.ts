import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, projectRoot } from '../helpers/fixtures.ts';

// Navbar configuration errors (spec §5, issue 3 item 2), through the real CLI. Each folder of the fixture
// is one site: `portal build --site <folder>` with the fixture as the working directory.
const root = fixtureDir('shell-navbar-errors');
let out: string;

beforeAll(async () => {
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-shell-navbar-'));
});
afterAll(async () => {
  await fs.rm(out, { recursive: true, force: true });
});

const build = (site: string) =>
  execa('node', [path.join(projectRoot, 'bin', 'portal.js'), 'build', '--site', site, '--out', path.join(out, site)], {
    cwd: root,
    reject: false,
    env: { NO_COLOR: '1' },
    timeout: 120_000,
  });

/** The error lines, without timings. */
const errorLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => /^\s+(error|hint:)/.test(l))
    .map((l) => l.trim());

describe.concurrent('navbar items that cannot be built', () => {
  it('fails on an unknown item type with the spec message, naming the item', async () => {
    const r = await build('unknown-type');
    expect(r.exitCode).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      'error navbar.items[2]: No NavbarItem component found for type "megaMenu". Use one of: default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown. The item: {"type":"megaMenu","label":"Products","position":"right"}.  (unknown-type/portal.config.ts) [config-invalid]',
      'hint: check the navbar item configuration at navbar.items[2]',
    ]);
    expect(r.stderr).toContain('✗ build failed: 1 error');
  });

  it('fails on a docSidebar item whose sidebar has nothing to link to', async () => {
    const r = await build('empty-sidebar');
    expect(r.exitCode).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      'error navbar.items[0] (docSidebar "Nothing here"): sidebar "empty" has nothing to link to  (empty-sidebar/portal.config.ts) [navbar-item-invalid]',
      'hint: add at least one doc or link to that sidebar',
    ]);
  });

  it('fails on an unknown doc id, listing the available ids', async () => {
    const r = await build('unknown-doc');
    expect(r.exitCode).toBe(1);
    expect(errorLines(r.stderr)[0]).toBe(
      'error navbar.items[0] (doc "Start"): unknown doc id "intro-typo". Available doc ids: intro  (unknown-doc/portal.config.ts) [navbar-item-invalid]',
    );
  });

  it('fails on an unknown sidebar id, listing the available ids', async () => {
    const r = await build('unknown-sidebar');
    expect(r.exitCode).toBe(1);
    expect(errorLines(r.stderr)[0]).toBe(
      'error navbar.items[0] (docSidebar "Guides"): unknown sidebar id "guides". Available sidebar ids: docs  (unknown-sidebar/portal.config.ts) [navbar-item-invalid]',
    );
  });

  it('drops a doc item pointing to a draft, without an error', async () => {
    const r = await build('draft-doc');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toContain('error');
    const html = await fs.readFile(path.join(out, 'draft-doc', 'docs', 'intro', 'index.html'), 'utf8');
    const navbar = html.slice(html.indexOf('<nav class="navbar'), html.indexOf('</nav>'));
    expect(navbar).toContain('>Intro</a>');
    expect(navbar).not.toContain('Coming soon');
  });
});
