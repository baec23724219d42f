import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

/** Each bad input ends with a message naming the file (and line), exit 1, and the previous output untouched. */
describe('portal build on bad input', () => {
  it('fails on a broken link, names file, line and link, and leaves the previous build untouched', async () => {
    const dir = await scenario('broken-link', {});
    const first = await portal(dir, 'build');
    expect(first.exitCode).toBe(0);
    const before = await fs.readFile(path.join(dir, 'build/docs/intro/index.html'), 'utf8');
    await fs.appendFile(path.join(dir, 'site/docs/intro.mdx'), '\nSee [the missing page](/docs/nowhere).\n');
    const second = await portal(dir, 'build');
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toContain('site/docs/intro.mdx');
    expect(second.stderr).toMatch(/broken link "\/docs\/nowhere"/);
    expect(second.stderr).toMatch(/intro\.mdx:\d+:\d+/);
    expect(second.stderr).toContain('previous output is untouched');
    expect(await fs.readFile(path.join(dir, 'build/docs/intro/index.html'), 'utf8')).toBe(before);
    expect((await fs.readdir(dir)).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('names the file and line of malformed MDX', async () => {
    const dir = await scenario('bad-mdx', { 'site/docs/guides/first.md': '# First\n\nSome text\n\n<div>\nunclosed\n' });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/site\/docs\/guides\/first\.md:\d+/);
    expect(r.stderr).toContain('MDX could not be compiled');
    expect(r.stderr).toContain('hint:');
  });

  it('reports an MDX import that cannot be resolved as a Diagnostic with file, line and column', async () => {
    const dir = await scenario('bad-import', {
      'site/docs/guides/first.md':
        "---\ntitle: First\n---\n\nimport Widget from './nowhere/widget.jsx';\n\n# First\n\n<Widget />\n",
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('[import-unresolved]');
    // The page and the import's own line and column, not the generated file the bundler saw.
    expect(r.stderr).toContain('Could not resolve "./nowhere/widget.jsx"  (site/docs/guides/first.md:5:21)');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it('names the line of a bad MDX expression', async () => {
    const dir = await scenario('bad-expression', {
      'site/docs/guides/first.md': '---\ntitle: First\n---\n\n# First\n\nLiquid {{ product.title }} in prose.\n',
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/first\.md:7/);
  });

  it('reports invalid front matter YAML with its line', async () => {
    const dir = await scenario('bad-yaml', {
      'site/docs/guides/first.md': '---\ntitle: First\ntags: [a, b\n---\n\n# First\n',
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('invalid front matter YAML');
    expect(r.stderr).toMatch(/first\.md:\d+/);
  });

  it('reports a front matter field of the wrong type at its line', async () => {
    const dir = await scenario('bad-field', {
      'site/docs/guides/first.md': '---\ntitle: First\nsidebar_position: first\n---\n\n# First\n',
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('front matter field "sidebar_position"');
    expect(r.stderr).toMatch(/first\.md:3/);
  });

  it('refuses a YAML alias bomb quickly', async () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
    ].join('\n');
    const dir = await scenario('alias-bomb', { 'site/docs/guides/first.md': `---\n${bomb}\n---\n\n# First\n` });
    const started = Date.now();
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('first.md');
    expect(r.stderr).toMatch(/alias/i);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('fails fast on absurdly deep nesting', async () => {
    const dir = await scenario('deep-quote', {
      'site/docs/guides/first.md': `# First\n\n${'>'.repeat(100_000)} deep\n`,
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('blockquotes nested 100000 levels deep');
    expect(r.stderr).toMatch(/first\.md:3/);
  });

  it('lists the available ids for an unknown doc id in a sidebar', async () => {
    const dir = await scenario('unknown-doc', {
      'site/sidebars.ts': "export default { docs: ['intro', 'guides/missing'] };\n",
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('unknown doc id "guides/missing"');
    expect(r.stderr).toContain('Available doc ids: guides/first, guides/second, hidden, intro');
    expect(r.stderr).toContain('site/sidebars.ts');
  });

  it('rejects an unknown navbar item type with the spec message and the item', async () => {
    const config = (await fs.readFile(path.join(await scenario('tmp', {}), 'site/portal.config.ts'), 'utf8')).replace(
      "{ to: '/docs/guides/second', label: 'Second' }",
      "{ type: 'fancy', label: 'Fancy' }",
    );
    const dir = await scenario('navbar-type', { 'site/portal.config.ts': config });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('No NavbarItem component found for type "fancy".');
    expect(r.stderr).toContain('navbar.items[2]');
  });

  it('names the field of a wrong config value and what is allowed', async () => {
    const dir = await scenario('bad-config', {
      'site/portal.config.ts':
        "export default { title: 'X', url: 'https://x.example', colorMode: { defaultMode: 'sepia' } };\n",
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('colorMode.defaultMode');
    expect(r.stderr).toContain('"light", "dark"');
  });

  it('reports a config file that throws', async () => {
    const dir = await scenario('config-throws', {
      'site/portal.config.ts': "throw new Error('no config today');\nexport default {};\n",
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('portal.config.ts threw while loading: no config today');
    expect(r.stderr).not.toMatch(/at .*\.mjs:\d+/); // no stack trace without --debug
  });

  it('warns on a duplicate route, naming both sources, and still builds', async () => {
    const dir = await scenario('duplicate-route', { 'site/pages/docs/intro.md': '# Another intro\n' });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('duplicate route "/docs/intro"');
    expect(r.stderr).toContain('1. page "Another intro"');
    expect(r.stderr).toContain('2. doc "Introduction"');
  });

  it('warns on a broken anchor naming both sides, and still builds', async () => {
    const dir = await scenario('broken-anchor', {
      'site/docs/guides/first.md': '# First guide\n\nSee [setup](/docs/intro#no-such-heading).\n',
    });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('broken anchor "/docs/intro#no-such-heading"');
    expect(r.stderr).toContain('site/docs/guides/first.md');
    expect(r.stdout).toContain('1 warning');
  });

  it('refuses javascript: links in docs', async () => {
    const dir = await scenario('js-link', { 'site/docs/guides/first.md': '# First\n\n[click](javascript:alert(1))\n' });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('javascript: URL');
  });

  it('reports a missing image', async () => {
    const dir = await scenario('missing-image', { 'site/docs/guides/first.md': '# First\n\n![gone](/img/gone.png)\n' });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('missing image "/img/gone.png"');
  });
});
