import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limit } from '../helpers/limit.ts';
import { buildInProcess, diagnosticsOf } from '../helpers/report.ts';
import { portal, scenario } from '../helpers/scenario.ts';

/** Builds run two at a time: the machine is shared, and a build keeps a core busy. */
const slot = limit(2);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/** A copy of `basic` with some files replaced, removed once the file's tests are done. */
async function site(name: string, files: Record<string, string | null>): Promise<string> {
  const dir = await scenario(name, files);
  dirs.push(dir);
  return dir;
}

/** What `portal build` prints for a site that must not build (the CLI adds its one `✗ build failed` line). */
async function failureReport(name: string, files: Record<string, string | null>): Promise<string> {
  const dir = await site(name, files);
  const run = await slot(() => buildInProcess(dir, { write: false }));
  diagnosticsOf(run);
  return run.report;
}

/** What `portal build` prints for a site that builds with warnings. */
async function warningReport(name: string, files: Record<string, string | null>): Promise<string> {
  const dir = await site(name, files);
  const run = await slot(() => buildInProcess(dir, { write: false }));
  if (run.error) throw new Error(`expected the build to succeed; it threw ${String(run.error)}:\n${run.report}`);
  return run.report;
}

const basicConfig = () =>
  fs.readFile(path.join(import.meta.dirname, '../fixtures/basic/site/portal.config.ts'), 'utf8');

/** The process itself: its exit code, the output folder it leaves, what it prints with and without --debug. */
describe('portal build on bad input (the CLI)', { timeout: 120_000 }, () => {
  it('fails on a broken link with exit 1 and leaves the previous build untouched', async () => {
    const dir = await site('broken-link', {});
    const first = await buildInProcess(dir);
    expect(first.error, first.report).toBeUndefined();
    const before = await fs.readFile(path.join(dir, 'build/docs/intro/index.html'), 'utf8');
    await fs.appendFile(path.join(dir, 'site/docs/intro.mdx'), '\nSee [the missing page](/docs/nowhere).\n');
    const second = await portal(dir, 'build');
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(/broken link "\/docs\/nowhere".*\(site\/docs\/intro\.mdx:\d+:\d+\)/);
    expect(second.stderr).toContain('✗ build failed: 1 error; the previous output is untouched.');
    expect(await fs.readFile(path.join(dir, 'build/docs/intro/index.html'), 'utf8')).toBe(before);
    expect((await fs.readdir(dir)).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('reports a config file that throws without a stack trace, and with one under --debug', async () => {
    const dir = await site('config-throws-cli', {
      'site/portal.config.ts': "throw new Error('no config today');\nexport default {};\n",
    });
    const plain = await portal(dir, 'build');
    expect(plain.exitCode).toBe(1);
    expect(plain.stderr).toContain('portal.config.ts threw while loading: no config today');
    expect(plain.stderr).not.toMatch(/^\s+at /m);
    const debug = await portal(dir, 'build', '--debug');
    expect(debug.exitCode).toBe(1);
    expect(debug.stderr).toContain('portal.config.ts threw while loading: no config today');
    expect(debug.stderr).toMatch(/^PortalError: [^\n]*no config today\n\s+at /m);
  });
});

/**
 * Each bad input ends with a report naming the file (and line) and what to do. The builds run in this process,
 * two at once (slot): each test has its own site folder, and uses its own `expect` for its snapshot.
 */
describe('portal build on bad input (the report)', { concurrent: true, timeout: 180_000 }, () => {
  it('names the file, line and link of a broken link', async ({ expect }) => {
    expect(
      await failureReport('broken-link-report', {
        'site/docs/guides/first.md': '# First\n\nSee [the missing page](/docs/nowhere).\n',
      }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error broken link "/docs/nowhere"  (site/docs/guides/first.md:3:5) [link-broken]
            hint: point the link at an existing route, e.g. /docs/intro, or create the page
      1 error"
    `);
  });

  it('names the file and line of malformed MDX', async ({ expect }) => {
    expect(
      await failureReport('bad-mdx', { 'site/docs/guides/first.md': '# First\n\nSome text\n\n<div>\nunclosed\n' }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error MDX could not be compiled: Expected a closing tag for \`<div>\`  (site/docs/guides/first.md:5:1) [mdx-invalid]
            hint: check that every JSX tag is closed and that a literal \`<\` in prose is written as \`&lt;\`
      1 error"
    `);
  });

  it("reports an MDX import that cannot be resolved with the page and the import's own line and column", async ({
    expect,
  }) => {
    const report = await failureReport('bad-import', {
      'site/docs/guides/first.md':
        "---\ntitle: First\n---\n\nimport Widget from './nowhere/widget.jsx';\n\n# First\n\n<Widget />\n",
    });
    // Not the generated file the bundler saw.
    expect(report).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error Could not resolve "./nowhere/widget.jsx"  (site/docs/guides/first.md:5:21) [import-unresolved]
            hint: check the import path: imports resolve to files in the site folder or to installed packages
      1 error"
    `);
  });

  it('names the line of a bad MDX expression', async ({ expect }) => {
    expect(
      await failureReport('bad-expression', {
        'site/docs/guides/first.md': '---\ntitle: First\n---\n\n# First\n\nLiquid {{ product.title }} in prose.\n',
      }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error MDX could not be compiled: Could not parse expression with acorn  (site/docs/guides/first.md:7:18) [mdx-invalid]
            hint: a \`{\` in prose starts a JavaScript expression: escape it as \`\\{\` or put it in \`inline code\`
      1 error"
    `);
  });

  it('reports invalid front matter YAML with its line', async ({ expect }) => {
    expect(
      await failureReport('bad-yaml', {
        'site/docs/guides/first.md': '---\ntitle: First\ntags: [a, b\n---\n\n# First\n',
      }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error invalid front matter YAML: Flow sequence in block collection must be sufficiently indented and end with a ]  (site/docs/guides/first.md:3) [front-matter-invalid]
            hint: fix the YAML between the two --- lines
      1 error"
    `);
  });

  it('reports a front matter field of the wrong type at its line', async ({ expect }) => {
    expect(
      await failureReport('bad-field', {
        'site/docs/guides/first.md': '---\ntitle: First\nsidebar_position: first\n---\n\n# First\n',
      }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error front matter field "sidebar_position": Invalid input: expected number, received string  (site/docs/guides/first.md:3) [front-matter-invalid]
            hint: see the front matter keys in site/README.md
      1 error"
    `);
  });

  it('refuses a YAML alias bomb quickly', async ({ expect }) => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
    ].join('\n');
    const dir = await site('alias-bomb', { 'site/docs/guides/first.md': `---\n${bomb}\n---\n\n# First\n` });
    const run = await slot(() => buildInProcess(dir, { write: false }));
    diagnosticsOf(run);
    expect(run.report).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error invalid front matter YAML: Excessive alias count indicates a resource exhaustion attack  (site/docs/guides/first.md:2) [front-matter-invalid]
            hint: remove the YAML aliases (*name); front matter needs none
      1 error"
    `);
    expect(run.ms).toBeLessThan(30_000);
  });

  it('fails fast on absurdly deep nesting', async ({ expect }) => {
    expect(
      await failureReport('deep-quote', { 'site/docs/guides/first.md': `# First\n\n${'>'.repeat(100_000)} deep\n` }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error blockquotes nested 100000 levels deep; the limit is 50  (site/docs/guides/first.md:3) [content-too-deep]
            hint: flatten the nesting: split the list or quote into several shallower ones
      1 error"
    `);
  });

  it('lists the available ids for an unknown doc id in a sidebar', async ({ expect }) => {
    expect(
      await failureReport('unknown-doc', {
        'site/sidebars.ts': "export default { docs: ['intro', 'guides/missing'] };\n",
      }),
    ).toMatchInlineSnapshot(`
      "site/sidebars.ts
        error sidebar "docs" refers to unknown doc id "guides/missing" (at docs[1]). Available doc ids: guides/first, guides/second, hidden, intro  (site/sidebars.ts) [sidebar-unknown-doc]
            hint: use one of the ids listed, or create the doc
      1 error"
    `);
  });

  it('names a sidebar item of an unknown type and the types there are', async ({ expect }) => {
    expect(
      await failureReport('sidebar-item-type', {
        'site/sidebars.ts': "export default { docs: ['intro', { type: 'section', label: 'Guides', items: [] }] };\n",
      }),
    ).toMatchInlineSnapshot(`
      "site/sidebars.ts
        error sidebar "docs" item docs[1] has unknown type "section"  (site/sidebars.ts) [sidebars-invalid]
            hint: use doc, link, category, autogenerated or openapi
      1 error"
    `);
  });

  it('rejects an unknown navbar item type with the spec message and the item', async ({ expect }) => {
    const config = (await basicConfig()).replace(
      "{ to: '/docs/guides/second', label: 'Second' }",
      "{ type: 'fancy', label: 'Fancy' }",
    );
    expect(await failureReport('navbar-type', { 'site/portal.config.ts': config })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error navbar.items[2]: No NavbarItem component found for type "fancy". Use one of: default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown. The item: {"type":"fancy","label":"Fancy"}.  (site/portal.config.ts) [config-invalid]
            hint: check the navbar item configuration at navbar.items[2]
      1 error"
    `);
  });

  it('names the field of a wrong config value and what is allowed', async ({ expect }) => {
    expect(
      await failureReport('bad-config', {
        'site/portal.config.ts':
          "export default { title: 'X', url: 'https://x.example', colorMode: { defaultMode: 'sepia' } };\n",
      }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error colorMode.defaultMode: must be one of "light", "dark".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('reports a config file that throws', async ({ expect }) => {
    expect(
      await failureReport('config-throws', {
        'site/portal.config.ts': "throw new Error('no config today');\nexport default {};\n",
      }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error portal.config.ts threw while loading: no config today  (site/portal.config.ts:1:7) [config-invalid]
            hint: fix the code in this file so it evaluates without throwing
      1 error"
    `);
  });

  it('names the file and line of a syntax error in a TSX page', async ({ expect }) => {
    expect(
      await failureReport('tsx-syntax', {
        'site/pages/broken.tsx': 'export default function Broken() {\n  return <main><h1>Broken</main>;\n}\n',
      }),
    ).toMatchInlineSnapshot(`
      "site/pages/broken.tsx
        error Unexpected closing "main" tag does not match opening "h1" tag  (site/pages/broken.tsx:2:28) [bundle-failed]
            hint: fix the code at this line
        error The character "}" is not valid inside a JSX element  (site/pages/broken.tsx:3:1) [bundle-failed]
            hint: fix the code at this line
        error Unexpected end of file before a closing "main" tag  (site/pages/broken.tsx:4:1) [bundle-failed]
            hint: fix the code at this line
      3 errors"
    `);
  });

  it('names the file and line of an import a TSX page cannot resolve', async ({ expect }) => {
    expect(
      await failureReport('tsx-import', {
        'site/pages/broken.tsx':
          "import { Chart } from './components/chart.tsx';\n\nexport default function Broken() {\n  return <Chart />;\n}\n",
      }),
    ).toMatchInlineSnapshot(`
      "site/pages/broken.tsx
        error Could not resolve "./components/chart.tsx"  (site/pages/broken.tsx:1:23) [import-unresolved]
            hint: check the import path: imports resolve to files in the site folder or to installed packages
      1 error"
    `);
  });

  it('warns on a duplicate route, naming both sources, and still builds', async ({ expect }) => {
    expect(
      await warningReport('duplicate-route', { 'site/pages/docs/intro.md': '# Another intro\n' }),
    ).toMatchInlineSnapshot(`
      "site/docs/intro.mdx
        warning duplicate route "/docs/intro": 2 sources; the first is kept and the others are not built  (site/docs/intro.mdx) [route-duplicate]
            - 1. page "Another intro" site/pages/docs/intro.md
            - 2. doc "Introduction" site/docs/intro.mdx
            hint: give one of them a different file name or \`slug:\` in its front matter
      1 warning"
    `);
  });

  it('warns on a broken anchor naming both sides, and still builds', async ({ expect }) => {
    expect(
      await warningReport('broken-anchor', {
        'site/docs/guides/first.md': '# First guide\n\nSee [setup](/docs/intro#no-such-heading).\n',
      }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        warning broken anchor "/docs/intro#no-such-heading": /docs/intro has no element with id "no-such-heading"  (site/docs/guides/first.md:3:5) [anchor-broken]
            hint: use one of the heading ids of /docs/intro
      1 warning"
    `);
  });

  it('refuses javascript: links in docs', async ({ expect }) => {
    expect(
      await failureReport('js-link', { 'site/docs/guides/first.md': '# First\n\n[click](javascript:alert(1))\n' }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error link uses a javascript: URL, which the portal refuses  (site/docs/guides/first.md:3:1) [link-unsafe]
            hint: link to a page or an https:// URL instead
      1 error"
    `);
  });

  it('reports a missing image', async ({ expect }) => {
    expect(
      await failureReport('missing-image', { 'site/docs/guides/first.md': '# First\n\n![gone](/img/gone.png)\n' }),
    ).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        error missing image "/img/gone.png"  (site/docs/guides/first.md:3:1) [image-missing]
            hint: put the file under site/static/ and use its path from the site root
      1 error"
    `);
  });
});
