import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limit } from '../helpers/limit.ts';
import { buildInProcess, diagnosticsOf, type InProcessBuild } from '../helpers/report.ts';
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

/** A build of a site that must not build. */
async function failedBuild(name: string, files: Record<string, string | null>): Promise<InProcessBuild> {
  const dir = await site(name, files);
  const run = await slot(() => buildInProcess(dir, { write: false }));
  diagnosticsOf(run);
  return run;
}

/** What `portal build` prints for a site that must not build (the CLI adds its one `✗ build failed` line). */
const failureReport = async (name: string, files: Record<string, string | null>): Promise<string> =>
  (await failedBuild(name, files)).report;

/** A build of a site that builds with warnings. */
async function warnedBuild(name: string, files: Record<string, string | null>): Promise<InProcessBuild> {
  const dir = await site(name, files);
  const run = await slot(() => buildInProcess(dir, { write: false }));
  if (run.error) throw new Error(`expected the build to succeed; it threw ${String(run.error)}:\n${run.report}`);
  return run;
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
 * Each bad input ends with a report naming the file (and line) and what to do. A stage reports every bad file it
 * finds at once, so the inputs that fail at the same stage share one build, each in a file of its own, and each
 * test reads its file's part of that report (the section under the file's name). The builds run in this process,
 * two at once (slot); each test uses its own `expect` for its snapshot.
 */
describe('portal build on bad input (the report)', { concurrent: true, timeout: 180_000 }, () => {
  /** One build of `basic` with every one of `files`; the first test to ask for it starts it. */
  const together = (name: string, make: typeof failedBuild, files: Record<string, string | null>) => {
    let run: Promise<InProcessBuild> | undefined;
    return () => (run ??= make(name, files));
  };

  /** Inputs the compile stage refuses, each in a page of its own. */
  const bomb = [
    'a: &a ["x","x","x","x","x","x","x","x","x"]',
    ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  ].join('\n');
  const compileStage = together('compile-stage', failedBuild, {
    'site/docs/guides/bad-mdx.md': '# First\n\nSome text\n\n<div>\nunclosed\n',
    'site/docs/guides/bad-expression.md': '---\ntitle: First\n---\n\n# First\n\nLiquid {{ product.title }} in prose.\n',
    'site/docs/guides/bad-yaml.md': '---\ntitle: First\ntags: [a, b\n---\n\n# First\n',
    'site/docs/guides/bad-field.md': '---\ntitle: First\nsidebar_position: first\n---\n\n# First\n',
    'site/docs/guides/alias-bomb.md': `---\n${bomb}\n---\n\n# First\n`,
    'site/docs/guides/deep-quote.md': `# First\n\n${'>'.repeat(100_000)} deep\n`,
  });
  /** Code the bundler cannot build: an MDX import, a TSX page's syntax, a TSX page's import. */
  const bundleStage = together('bundle-stage', failedBuild, {
    'site/docs/guides/bad-import.md':
      "---\ntitle: First\n---\n\nimport Widget from './nowhere/widget.jsx';\n\n# First\n\n<Widget />\n",
    'site/pages/broken.tsx': 'export default function Broken() {\n  return <main><h1>Broken</main>;\n}\n',
    'site/pages/unresolved.tsx':
      "import { Chart } from './components/chart.tsx';\n\nexport default function Broken() {\n  return <Chart />;\n}\n",
  });
  /** Links and images the check after rendering refuses. */
  const linkStage = together('link-stage', failedBuild, {
    'site/docs/guides/broken-link.md': '# First\n\nSee [the missing page](/docs/nowhere).\n',
    'site/docs/guides/js-link.md': '# First\n\n[click](javascript:alert(1))\n',
    'site/docs/guides/missing-image.md': '# First\n\n![gone](/img/gone.png)\n',
  });
  /** Problems that only warn: the site builds. */
  const warnings = together('warnings', warnedBuild, {
    'site/pages/docs/intro.md': '# Another intro\n',
    'site/docs/guides/first.md': '# First guide\n\nSee [setup](/docs/intro#no-such-heading).\n',
  });

  it('reports every bad file of a stage at once, each under its own name', async ({ expect }) => {
    const files = (report: string) => report.split('\n').filter((l) => l.startsWith('site/'));
    const [compile, bundle, links, warned] = (
      await Promise.all([compileStage(), bundleStage(), linkStage(), warnings()])
    ).map((run) => run.report) as [string, string, string, string];
    expect(files(compile)).toEqual([
      'site/docs/guides/alias-bomb.md',
      'site/docs/guides/bad-expression.md',
      'site/docs/guides/bad-field.md',
      'site/docs/guides/bad-mdx.md',
      'site/docs/guides/bad-yaml.md',
      'site/docs/guides/deep-quote.md',
    ]);
    expect(compile.split('\n').at(-1)).toBe('6 errors');
    expect(files(bundle)).toEqual([
      'site/docs/guides/bad-import.md',
      'site/pages/broken.tsx',
      'site/pages/unresolved.tsx',
    ]);
    expect(bundle.split('\n').at(-1)).toBe('5 errors');
    expect(files(links)).toEqual([
      'site/docs/guides/broken-link.md',
      'site/docs/guides/js-link.md',
      'site/docs/guides/missing-image.md',
    ]);
    expect(links.split('\n').at(-1)).toBe('3 errors');
    expect(files(warned)).toEqual(['site/docs/guides/first.md', 'site/docs/intro.mdx']);
    expect(warned.split('\n').at(-1)).toBe('2 warnings');
  });

  it('names the file, line and link of a broken link', async ({ expect }) => {
    expect(section(await linkStage(), 'site/docs/guides/broken-link.md')).toMatchInlineSnapshot(`
      "site/docs/guides/broken-link.md
        error broken link "/docs/nowhere"  (site/docs/guides/broken-link.md:3:5) [link-broken]
            hint: point the link at an existing route, e.g. /docs/intro, or create the page"
    `);
  });

  it('names the file and line of malformed MDX', async ({ expect }) => {
    expect(section(await compileStage(), 'site/docs/guides/bad-mdx.md')).toMatchInlineSnapshot(`
      "site/docs/guides/bad-mdx.md
        error MDX could not be compiled: Expected a closing tag for \`<div>\`  (site/docs/guides/bad-mdx.md:5:1) [mdx-invalid]
            hint: check that every JSX tag is closed and that a literal \`<\` in prose is written as \`&lt;\`"
    `);
  });

  it("reports an MDX import that cannot be resolved with the page and the import's own line and column", async ({
    expect,
  }) => {
    // Not the generated file the bundler saw.
    expect(section(await bundleStage(), 'site/docs/guides/bad-import.md')).toMatchInlineSnapshot(`
      "site/docs/guides/bad-import.md
        error Could not resolve "./nowhere/widget.jsx"  (site/docs/guides/bad-import.md:5:21) [import-unresolved]
            hint: check the import path: imports resolve to files in the site folder or to installed packages"
    `);
  });

  it('names the line of a bad MDX expression', async ({ expect }) => {
    expect(section(await compileStage(), 'site/docs/guides/bad-expression.md')).toMatchInlineSnapshot(`
      "site/docs/guides/bad-expression.md
        error MDX could not be compiled: Could not parse expression with acorn  (site/docs/guides/bad-expression.md:7:18) [mdx-invalid]
            hint: a \`{\` in prose starts a JavaScript expression: escape it as \`\\{\` or put it in \`inline code\`"
    `);
  });

  it('reports invalid front matter YAML with its line', async ({ expect }) => {
    expect(section(await compileStage(), 'site/docs/guides/bad-yaml.md')).toMatchInlineSnapshot(`
      "site/docs/guides/bad-yaml.md
        error invalid front matter YAML: Flow sequence in block collection must be sufficiently indented and end with a ]  (site/docs/guides/bad-yaml.md:3) [front-matter-invalid]
            hint: fix the YAML between the two --- lines"
    `);
  });

  it('reports a front matter field of the wrong type at its line', async ({ expect }) => {
    expect(section(await compileStage(), 'site/docs/guides/bad-field.md')).toMatchInlineSnapshot(`
      "site/docs/guides/bad-field.md
        error front matter field "sidebar_position": Invalid input: expected number, received string  (site/docs/guides/bad-field.md:3) [front-matter-invalid]
            hint: see the front matter keys in site/README.md"
    `);
  });

  it('refuses a YAML alias bomb quickly', async ({ expect }) => {
    const run = await compileStage();
    expect(section(run, 'site/docs/guides/alias-bomb.md')).toMatchInlineSnapshot(`
      "site/docs/guides/alias-bomb.md
        error invalid front matter YAML: Excessive alias count indicates a resource exhaustion attack  (site/docs/guides/alias-bomb.md:2) [front-matter-invalid]
            hint: remove the YAML aliases (*name); front matter needs none"
    `);
    // The whole build, with the five other bad pages.
    expect(run.ms).toBeLessThan(30_000);
  });

  it('fails fast on absurdly deep nesting', async ({ expect }) => {
    expect(section(await compileStage(), 'site/docs/guides/deep-quote.md')).toMatchInlineSnapshot(`
      "site/docs/guides/deep-quote.md
        error blockquotes nested 100000 levels deep; the limit is 50  (site/docs/guides/deep-quote.md:3) [content-too-deep]
            hint: flatten the nesting: split the list or quote into several shallower ones"
    `);
  });

  it('names an unknown doc id in a sidebar, listing the available ids, and a sidebar item of an unknown type', async ({
    expect,
  }) => {
    expect(
      await failureReport('sidebars', {
        'site/sidebars.ts':
          "export default { docs: ['intro', 'guides/missing', { type: 'section', label: 'Guides', items: [] }] };\n",
      }),
    ).toMatchInlineSnapshot(`
      "site/sidebars.ts
        error sidebar "docs" refers to unknown doc id "guides/missing" (at docs[1]). Available doc ids: guides/first, guides/second, hidden, intro  (site/sidebars.ts) [sidebar-unknown-doc]
            hint: use one of the ids listed, or create the doc
        error sidebar "docs" item docs[2] has unknown type "section"  (site/sidebars.ts) [sidebars-invalid]
            hint: use doc, ref, link, category, autogenerated or openapi
      2 errors"
    `);
  });

  it('rejects an unknown navbar item type with the spec message and the item, and names the field of a wrong config value and what is allowed', async ({
    expect,
  }) => {
    const config = (await basicConfig())
      .replace("{ to: '/docs/guides/second', label: 'Second' }", "{ type: 'fancy', label: 'Fancy' }")
      .replace(
        "  url: 'https://basic.example',\n",
        "  url: 'https://basic.example',\n  colorMode: { defaultMode: 'sepia' },\n",
      );
    expect(await failureReport('bad-config', { 'site/portal.config.ts': config })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error navbar.items[2]: No NavbarItem component found for type "fancy". Use one of: default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown. The item: {"type":"fancy","label":"Fancy"}.  (site/portal.config.ts) [config-invalid]
            hint: check the navbar item configuration at navbar.items[2]
        error colorMode.defaultMode: must be one of "light", "dark".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      2 errors"
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
    expect(section(await bundleStage(), 'site/pages/broken.tsx')).toMatchInlineSnapshot(`
      "site/pages/broken.tsx
        error Unexpected closing "main" tag does not match opening "h1" tag  (site/pages/broken.tsx:2:28) [bundle-failed]
            hint: fix the code at this line
        error The character "}" is not valid inside a JSX element  (site/pages/broken.tsx:3:1) [bundle-failed]
            hint: fix the code at this line
        error Unexpected end of file before a closing "main" tag  (site/pages/broken.tsx:4:1) [bundle-failed]
            hint: fix the code at this line"
    `);
  });

  it('names the file and line of an import a TSX page cannot resolve', async ({ expect }) => {
    expect(section(await bundleStage(), 'site/pages/unresolved.tsx')).toMatchInlineSnapshot(`
      "site/pages/unresolved.tsx
        error Could not resolve "./components/chart.tsx"  (site/pages/unresolved.tsx:1:23) [import-unresolved]
            hint: check the import path: imports resolve to files in the site folder or to installed packages"
    `);
  });

  it('warns on a duplicate route, naming both sources, and still builds', async ({ expect }) => {
    expect(section(await warnings(), 'site/docs/intro.mdx')).toMatchInlineSnapshot(`
      "site/docs/intro.mdx
        warning duplicate route "/docs/intro": 2 sources; the first is kept and the others are not built  (site/docs/intro.mdx) [route-duplicate]
            - 1. page "Another intro" site/pages/docs/intro.md
            - 2. doc "Introduction" site/docs/intro.mdx
            hint: give one of them a different file name or \`slug:\` in its front matter"
    `);
  });

  it('warns on a broken anchor naming both sides, and still builds', async ({ expect }) => {
    expect(section(await warnings(), 'site/docs/guides/first.md')).toMatchInlineSnapshot(`
      "site/docs/guides/first.md
        warning broken anchor "/docs/intro#no-such-heading": /docs/intro has no element with id "no-such-heading"  (site/docs/guides/first.md:3:5) [anchor-broken]
            hint: use one of the heading ids of /docs/intro"
    `);
  });

  it('refuses javascript: links in docs', async ({ expect }) => {
    expect(section(await linkStage(), 'site/docs/guides/js-link.md')).toMatchInlineSnapshot(`
      "site/docs/guides/js-link.md
        error link uses a javascript: URL, which the portal refuses  (site/docs/guides/js-link.md:3:1) [link-unsafe]
            hint: link to a page or an https:// URL instead"
    `);
  });

  it('reports a missing image', async ({ expect }) => {
    expect(section(await linkStage(), 'site/docs/guides/missing-image.md')).toMatchInlineSnapshot(`
      "site/docs/guides/missing-image.md
        error missing image "/img/gone.png"  (site/docs/guides/missing-image.md:3:1) [image-missing]
            hint: put the file under site/static/ and use its path from the site root"
    `);
  });
});

/** The part of a build's report under `file`: its name and the indented lines of its diagnostics, up to the next name. */
function section({ report }: InProcessBuild, file: string): string {
  const lines = report.split('\n');
  const from = lines.indexOf(file);
  if (from < 0) throw new Error(`the report names no ${file}:\n${report}`);
  const end = lines.findIndex((l, i) => i > from && !l.startsWith(' '));
  return lines.slice(from, end < 0 ? undefined : end).join('\n');
}
