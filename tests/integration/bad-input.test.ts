import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { PortalError } from '../../src/diagnostics.ts';
import { buildInProcess, type InProcessBuild, stableReport } from '../helpers/report.ts';
import { portal, scenario } from '../helpers/scenario.ts';
import { limit } from '../helpers/limit.ts';
import { treeHash } from '../helpers/tree-hash.ts';

// issue 8, item 1: every bad input ends with exit code 1, a message naming the file and the line (or JSON
// pointer) and saying what to do, within seconds, and the previous build output byte for byte as it was.
// The builds run in this process (`build()`, what the CLI calls) with their report snapshotted, but one that
// goes through the real CLI for its exit code and its last line (issue 15 item 6).

/** Text of every file under `dir`, for "nothing from /etc/passwd landed anywhere". */
async function allText(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const rel of Object.keys(await treeHash(dir)))
    parts.push(await fs.readFile(path.join(dir, rel), 'utf8').catch(() => ''));
  return parts.join('\n');
}

const slot = limit(3);

type Base = 'basic' | 'api-shop';
const built: Partial<Record<Base, string>> = {};
const copies: string[] = [];

beforeAll(async () => {
  // One successful build per base site; every case starts from a copy of it, build/ included.
  await Promise.all(
    (['basic', 'api-shop'] as const).map(async (base) => {
      const dir = await scenario(`bad-input-${base}`, {}, base);
      const run = await buildInProcess(dir);
      if (run.error) throw new Error(`the ${base} site does not build:\n${run.report}`);
      built[base] = dir;
    }),
  );
});

afterAll(async () => {
  await Promise.all([...copies, ...Object.values(built)].map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** One build on a copy of a built base site with some files changed: what it printed, and what it left behind. */
interface Run {
  /** The build in this process, or the real CLI's exit code and stderr. */
  outcome: InProcessBuild | { exitCode: number | undefined };
  /** What was printed, stable across machines (stableReport). */
  report: string;
  ms: number;
  dir: string;
  before: Record<string, string>;
  after: Record<string, string>;
  leftovers: string[];
}

type Change = string | ((current: string) => string);

async function runBroken(
  base: Base,
  files: Record<string, Change>,
  options: { prepare?: (dir: string) => Promise<void>; cli?: boolean } = {},
): Promise<Run> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bad-input-'));
  copies.push(dir);
  await fs.cp(built[base] as string, dir, { recursive: true, verbatimSymlinks: true });
  const before = await treeHash(path.join(dir, 'build'));
  for (const [rel, contents] of Object.entries(files)) {
    const file = path.join(dir, rel);
    const current = await fs.readFile(file, 'utf8').catch(() => '');
    const next = typeof contents === 'function' ? contents(current) : contents;
    if (next === current) throw new Error(`the change to ${rel} does not apply`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, next);
  }
  await options.prepare?.(dir);
  const { outcome, report, ms } = await slot(async () => {
    if (!options.cli) {
      const run = await buildInProcess(dir);
      return { outcome: run, report: run.report, ms: run.ms };
    }
    const started = Date.now();
    const r = await portal(dir, 'build');
    const ms = Date.now() - started;
    return { outcome: { exitCode: r.exitCode }, report: stableReport(r.stderr.split('\n'), dir), ms };
  });
  return {
    outcome,
    report,
    ms,
    dir,
    before,
    after: await treeHash(path.join(dir, 'build')),
    leftovers: (await fs.readdir(dir)).filter((n) => /^\.build\.tmp-|^build\.old-/.test(n)),
  };
}

/**
 * What every failed build must show: an error (exit 1 from the CLI), no stack trace, seconds not minutes, build/
 * byte for byte as before. `expect` is the test's own: the tests run concurrently.
 */
async function expectFailedCleanly(run: Run, expect: ExpectStatic): Promise<void> {
  if ('exitCode' in run.outcome) {
    expect(run.outcome.exitCode, run.report).toBe(1);
    expect(run.report).toContain('the previous output is untouched');
  } else expect(run.outcome.error, run.report).toBeInstanceOf(PortalError);
  expect(run.report).toContain('hint:');
  expect(run.report, 'no stack trace without --debug').not.toMatch(/^\s+at .*\(.*:\d+:\d+\)$/m);
  // The compilers used to take minutes on some of these inputs (issue 8); a failing build must fail in seconds.
  expect(run.ms).toBeLessThan(60_000);
  expect(run.after).toEqual(run.before);
  expect(run.leftovers).toEqual([]);
  expect(await allText(path.join(run.dir, 'build'))).not.toMatch(/root:[^:\n]*:0:0:/);
}

/** The error line that names `file`, so each bad page is matched with its own message. */
const errorLineFor = (report: string, file: string): string =>
  report.split('\n').find((l) => l.includes(`(${file}:`) || l.endsWith(`(${file})`)) ?? '';

const aliasBomb = (indent = ''): string =>
  [
    'a: &a ["x","x","x","x","x","x","x","x","x"]',
    ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  ]
    .map((l) => indent + l)
    .join('\n');
const nestedList = Array.from({ length: 2000 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\n');

/**
 * Bad pages. The compile and link stages report every file's problems at once, so one build checks them all,
 * each page in its own file, and each test finds the message on the line that names its file.
 */
interface BadPage {
  name: string;
  text: string;
  /** `:line` or `:line:column` the message gives. */
  at: RegExp;
  says: string[];
}

const COMPILE_PAGES: BadPage[] = [
  {
    name: 'malformed MDX: an unclosed JSX tag',
    text: '# Bad\n\nSome text\n\n<div>\nunclosed\n',
    at: /:\d+:\d+\)/,
    says: ['MDX could not be compiled'],
  },
  {
    name: 'malformed MDX: a bad expression',
    text: '---\ntitle: Bad\n---\n\n# Bad\n\nLiquid {{ product.title }} in prose.\n',
    at: /:7:\d+\)/,
    says: ['MDX could not be compiled'],
  },
  {
    name: 'invalid front matter YAML',
    text: '---\ntitle: Bad\ntags: [a, b\n---\n\n# Bad\n',
    at: /:\d+\)/,
    says: ['invalid front matter YAML'],
  },
  {
    name: 'a front matter field of the wrong type',
    text: '---\ntitle: Bad\nsidebar_position: first\n---\n\n# Bad\n',
    at: /:3\)/,
    says: ['front matter field "sidebar_position"'],
  },
  {
    name: 'a YAML alias bomb in front matter',
    text: `---\n${aliasBomb()}\n---\n\n# Bad\n`,
    at: /:2\)/,
    says: ['invalid front matter YAML', 'alias'],
  },
  {
    name: 'a page of 5 MB',
    text: `# Bad\n\n${'Lorem ipsum dolor sit amet, consectetur. '.repeat(128_000)}\n`,
    at: /:1\)/,
    says: ['file is 5.0 MB; the limit is 2 MB'],
  },
  {
    name: 'a 2,000-level nested list',
    text: `# Bad\n\n${nestedList}\n`,
    at: /:103\)/,
    says: ['line indented 201 columns'],
  },
  {
    name: 'a 2,000-level nested list on one line',
    text: `# Bad\n\n${'1. '.repeat(2000)}deep\n`,
    at: /:3\)/,
    says: ['nested 2000 levels deep on one line'],
  },
  {
    name: 'a 100,000-level blockquote',
    text: `# Bad\n\n${'> '.repeat(100_000)}deep\n`,
    at: /:3\)/,
    says: ['blockquotes nested 100000 levels deep'],
  },
  {
    name: '2,000 nested JSX elements',
    text: `# Bad\n\n${'<div>'.repeat(2000)}deep${'</div>'.repeat(2000)}\n`,
    at: /:3\)/,
    says: ['elements nested more than 256 levels deep'],
  },
  {
    name: 'a page that is not text',
    text: '\u00ff\u00fe\u0000<{\u0000\u0080',
    at: /:1:\d+\)/,
    says: ['MDX could not be compiled'],
  },
];

const LINK_PAGES: BadPage[] = [
  {
    name: 'a missing image',
    text: '# Bad\n\n![gone](/img/gone.png)\n',
    at: /:3:1\)/,
    says: ['missing image "/img/gone.png"'],
  },
  {
    name: 'a javascript: Markdown link',
    text: '# Bad\n\n[click](javascript:alert(1))\n',
    at: /:3:1\)/,
    says: ['link uses a javascript: URL, which the portal refuses'],
  },
  {
    name: 'a javascript: link spelled with a tab entity',
    text: '# Bad\n\n[click](java&#9;script:alert(1))\n',
    at: /:3:1\)/,
    says: ['javascript: URL'],
  },
  {
    name: 'a javascript: reference-style link',
    text: '# Bad\n\n[click][r]\n\n[r]: javascript:alert(1)\n',
    at: /:5:1\)/,
    says: ['javascript: URL'],
  },
  {
    name: 'a javascript: href in JSX',
    text: '# Bad\n\n<a href="JavaScript:alert(1)">click</a>\n',
    at: /:3:1\)/,
    says: ['the href attribute of <a> uses a javascript: URL'],
  },
  {
    name: "a javascript: `to` of Docusaurus's Link",
    text: 'import Link from \'@docusaurus/Link\';\n\n# Bad\n\n<Link to="javascript:alert(1)">click</Link>\n',
    at: /:5:1\)/,
    says: ['the to attribute of <Link> uses a javascript: URL'],
  },
];

const pageFile = (group: string, i: number) => `site/docs/bad-${group}/page-${i}.md`;
const runPages = (group: string, pages: BadPage[], cli: boolean) =>
  runBroken('basic', Object.fromEntries(pages.map((p, i) => [pageFile(group, i), p.text])), { cli });

/** Each page's message: on the line that names its file, with the line (and column), followed by its hint. */
function expectPagesNamed(run: Run, group: string, pages: readonly BadPage[], expect: ExpectStatic): void {
  pages.forEach((page, i) => {
    const line = errorLineFor(run.report, pageFile(group, i));
    expect(line, `${page.name}\n${run.report}`).toMatch(page.at);
    for (const s of page.says) expect(line, page.name).toContain(s);
    const after = run.report.slice(run.report.indexOf(line) + line.length).split('\n')[1] ?? '';
    expect(after, page.name).toMatch(/^\s+hint: \S/);
  });
}

/** Bad inputs each stopping the build in its own stage: one build apiece. */
interface BadInput {
  base: Base;
  files: Record<string, Change>;
  prepare?: (dir: string) => Promise<void>;
}

const SHOP = 'openapi/shop.yaml';
const ADDRESS_REF = "$ref: 'schemas/address.yaml'";

const CASES = {
  'an unknown doc id in a sidebar': {
    base: 'basic',
    files: { 'site/sidebars.ts': "export default { docs: ['intro', 'guides/missing'] };\n" },
  },
  'an unknown sidebar id in the navbar': {
    base: 'basic',
    files: { 'site/portal.config.ts': (t) => t.replace("sidebarId: 'docs'", "sidebarId: 'nope'") },
  },
  'a config file that throws': {
    base: 'basic',
    files: {
      'site/portal.config.ts':
        "const site = 'x';\nthrow new Error('no config today');\nexport default { title: site };\n",
    },
  },
  'a config file with a wrong field': {
    base: 'basic',
    files: {
      'site/portal.config.ts': (t) =>
        t.replace(
          "url: 'https://basic.example',",
          "url: 'https://basic.example', colorMode: { defaultMode: 'sepia' },",
        ),
    },
  },
  'invalid YAML in the OpenAPI document': {
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace('  title: Shop API', '  title: [Shop API') },
  },
  'a YAML alias bomb in the OpenAPI document': {
    base: 'api-shop',
    files: { [SHOP]: (t) => `${t}\nx-bomb:\n${aliasBomb('  ')}\n` },
  },
  'a $ref to a missing component': {
    base: 'api-shop',
    files: {
      [SHOP]: (t) => t.replace("$ref: '#/components/responses/Unauthorized'", "$ref: '#/components/responses/Nope'"),
    },
  },
  'a $ref to a missing component in a one-file document': {
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: '#/components/schemas/Adress'") },
  },
  'a $ref to /etc/passwd': {
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: '/etc/passwd'") },
  },
  'a $ref to ../../../../../../../../etc/passwd': {
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: '../../../../../../../../etc/passwd'") },
  },
  'a $ref to file:///etc/passwd': {
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: 'file:///etc/passwd'") },
  },
  'a $ref through a symlink that leaves the openapi folder': {
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: 'schemas/linked.yaml'") },
    prepare: (dir) => fs.symlink('/etc/passwd', path.join(dir, 'openapi/schemas/linked.yaml')),
  },
} satisfies Record<string, BadInput>;
type CaseName = keyof typeof CASES;

/**
 * Every build starts as soon as the base sites are built, three at a time, instead of suite after suite:
 * the file's wall time is then about the sum of the builds divided by three. The builds run in this process
 * but one: the links stage's pages go through the real CLI, for its exit code and its last line.
 */
const pending = new Map<string, Promise<Run>>();
const started = (key: string): Promise<Run> => {
  const run = pending.get(key);
  if (!run) throw new Error(`no build was started for ${key}`);
  return run;
};
beforeAll(() => {
  pending.set('pages:compile', runPages('compile', COMPILE_PAGES, false));
  pending.set('pages:links', runPages('links', LINK_PAGES, true));
  for (const [name, c] of Object.entries(CASES) as Array<[CaseName, BadInput]>)
    pending.set(`case:${name}`, runBroken(c.base, c.files, { ...(c.prepare ? { prepare: c.prepare } : {}) }));
  // Rejections are reported by the test that awaits each run.
  for (const run of pending.values()) run.catch(() => {});
});

/** The run of one case, checked for what every failed build must show. */
async function failedCase(name: CaseName, expect: ExpectStatic): Promise<Run> {
  const run = await started(`case:${name}`);
  await expectFailedCleanly(run, expect);
  return run;
}

describe('portal build on bad pages (one build per stage)', { concurrent: true, timeout: 180_000 }, () => {
  it('compile stage: names each file, its line and the fix; the previous output is untouched', async ({ expect }) => {
    const run = await started('pages:compile');
    await expectFailedCleanly(run, expect);
    expectPagesNamed(run, 'compile', COMPILE_PAGES, expect);
    expect(run.report).toMatchInlineSnapshot(`
      "site/docs/bad-compile/page-0.md
        error MDX could not be compiled: Expected a closing tag for \`<div>\`  (site/docs/bad-compile/page-0.md:5:1) [mdx-invalid]
            hint: check that every JSX tag is closed and that a literal \`<\` in prose is written as \`&lt;\`
      site/docs/bad-compile/page-1.md
        error MDX could not be compiled: Could not parse expression with acorn  (site/docs/bad-compile/page-1.md:7:18) [mdx-invalid]
            hint: a \`{\` in prose starts a JavaScript expression: escape it as \`\\{\` or put it in \`inline code\`
      site/docs/bad-compile/page-10.md
        error MDX could not be compiled: Unexpected character \`{\` (U+007B) before name, expected a character that can start a name, such as a letter, \`$\`, or \`_\`  (site/docs/bad-compile/page-10.md:1:5) [mdx-invalid]
            hint: check that every JSX tag is closed and that a literal \`<\` in prose is written as \`&lt;\`
      site/docs/bad-compile/page-2.md
        error invalid front matter YAML: Flow sequence in block collection must be sufficiently indented and end with a ]  (site/docs/bad-compile/page-2.md:3) [front-matter-invalid]
            hint: fix the YAML between the two --- lines
      site/docs/bad-compile/page-3.md
        error front matter field "sidebar_position": Invalid input: expected number, received string  (site/docs/bad-compile/page-3.md:3) [front-matter-invalid]
            hint: see the front matter keys in site/README.md
      site/docs/bad-compile/page-4.md
        error invalid front matter YAML: Excessive alias count indicates a resource exhaustion attack  (site/docs/bad-compile/page-4.md:2) [front-matter-invalid]
            hint: remove the YAML aliases (*name); front matter needs none
      site/docs/bad-compile/page-5.md
        error file is 5.0 MB; the limit is 2 MB  (site/docs/bad-compile/page-5.md:1) [content-too-large]
            hint: split the page into several documents, or move large data into a file under site/static/ and link to it
      site/docs/bad-compile/page-6.md
        error line indented 201 columns (a deeply nested list?); the limit is 200  (site/docs/bad-compile/page-6.md:103) [content-too-deep]
            hint: flatten the nesting: split the list or quote into several shallower ones
      site/docs/bad-compile/page-7.md
        error lists and blockquotes nested 2000 levels deep on one line; the limit is 50  (site/docs/bad-compile/page-7.md:3) [content-too-deep]
            hint: flatten the nesting: split the list or quote into several shallower ones
      site/docs/bad-compile/page-8.md
        error blockquotes nested 100000 levels deep; the limit is 50  (site/docs/bad-compile/page-8.md:3) [content-too-deep]
            hint: flatten the nesting: split the list or quote into several shallower ones
      site/docs/bad-compile/page-9.md
        error elements nested more than 256 levels deep  (site/docs/bad-compile/page-9.md:3) [content-too-deep]
            hint: flatten the nesting: split deeply nested elements, lists or quotes into shallower ones
      11 errors"
    `);
  });

  it('links stage, through the CLI: exit 1, each file, its line and the fix; the previous output is untouched', async ({
    expect,
  }) => {
    const run = await started('pages:links');
    await expectFailedCleanly(run, expect);
    expectPagesNamed(run, 'links', LINK_PAGES, expect);
    expect(run.report).toMatchInlineSnapshot(`
      "site/docs/bad-links/page-0.md
        error missing image "/img/gone.png"  (site/docs/bad-links/page-0.md:3:1) [image-missing]
            hint: put the file under site/static/ and use its path from the site root
      site/docs/bad-links/page-1.md
        error link uses a javascript: URL, which the portal refuses  (site/docs/bad-links/page-1.md:3:1) [link-unsafe]
            hint: link to a page or an https:// URL instead
      site/docs/bad-links/page-2.md
        error link uses a javascript: URL, which the portal refuses  (site/docs/bad-links/page-2.md:3:1) [link-unsafe]
            hint: link to a page or an https:// URL instead
      site/docs/bad-links/page-3.md
        error link uses a javascript: URL, which the portal refuses  (site/docs/bad-links/page-3.md:5:1) [link-unsafe]
            hint: link to a page or an https:// URL instead
      site/docs/bad-links/page-4.md
        error the href attribute of <a> uses a javascript: URL, which the portal refuses  (site/docs/bad-links/page-4.md:3:1) [link-unsafe]
            hint: link to a page or an https:// URL instead
      site/docs/bad-links/page-5.md
        error the to attribute of <Link> uses a javascript: URL, which the portal refuses  (site/docs/bad-links/page-5.md:5:1) [link-unsafe]
            hint: link to a page or an https:// URL instead
      6 errors
      ✗ build failed: 6 errors; the previous output is untouched."
    `);
  });
});

describe('portal build on bad input (one build each): names the place and the fix, previous output untouched', {
  concurrent: true,
  timeout: 180_000,
}, () => {
  it('an unknown doc id in a sidebar', async ({ expect }) => {
    expect((await failedCase('an unknown doc id in a sidebar', expect)).report).toMatchInlineSnapshot(`
      "site/sidebars.ts
        error sidebar "docs" refers to unknown doc id "guides/missing" (at docs[1]). Available doc ids: guides/first, guides/second, hidden, intro  (site/sidebars.ts) [sidebar-unknown-doc]
            hint: use one of the ids listed, or create the doc
      1 error"
    `);
  });

  it('an unknown sidebar id in the navbar', async ({ expect }) => {
    expect((await failedCase('an unknown sidebar id in the navbar', expect)).report).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error navbar.items[0] (docSidebar "Docs"): unknown sidebar id "nope". Available sidebar ids: docs  (site/portal.config.ts) [navbar-item-invalid]
            hint: use one of the listed sidebar ids
      1 error"
    `);
  });

  it('a config file that throws', async ({ expect }) => {
    expect((await failedCase('a config file that throws', expect)).report).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error portal.config.ts threw while loading: no config today  (site/portal.config.ts:2:7) [config-invalid]
            hint: fix the code in this file so it evaluates without throwing
      1 error"
    `);
  });

  it('a config file with a wrong field', async ({ expect }) => {
    expect((await failedCase('a config file with a wrong field', expect)).report).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error colorMode.defaultMode: must be one of "light", "dark".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('invalid YAML in the OpenAPI document', async ({ expect }) => {
    expect((await failedCase('invalid YAML in the OpenAPI document', expect)).report).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error the OpenAPI document is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]  (openapi/shop.yaml:4:3) [openapi-invalid]
            hint: fix the OpenAPI document; \`npx @apidevtools/swagger-cli validate <file>\` shows the same problems
        error the OpenAPI document is not valid YAML: Nested mappings are not allowed in compact mappings  (openapi/shop.yaml:4:12) [openapi-invalid]
            hint: fix the OpenAPI document; \`npx @apidevtools/swagger-cli validate <file>\` shows the same problems
        error the OpenAPI document is not valid YAML: Implicit keys need to be on a single line  (openapi/shop.yaml:4:12) [openapi-invalid]
            hint: fix the OpenAPI document; \`npx @apidevtools/swagger-cli validate <file>\` shows the same problems
      3 errors"
    `);
  });

  it('a YAML alias bomb in the OpenAPI document', async ({ expect }) => {
    expect((await failedCase('a YAML alias bomb in the OpenAPI document', expect)).report).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error the OpenAPI document cannot be read: Excessive alias count indicates a resource exhaustion attack  (openapi/shop.yaml:234:10) [openapi-invalid]
            hint: the document expands YAML aliases (*name) too many times: write the repeated parts out or use $ref
      1 error"
    `);
  });

  it('a $ref to a missing component', async ({ expect }) => {
    expect((await failedCase('a $ref to a missing component', expect)).report).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error $ref at #/paths/~1orders/get/responses/401/$ref points to #/components/responses/Nope, which does not exist in the document  (openapi/shop.yaml:66:18) [openapi-invalid]
            hint: define #/components/responses/Nope under components.responses, or point the $ref at a component that exists
      1 error"
    `);
  });

  it('a $ref to a missing component in a one-file document', async ({ expect }) => {
    expect(
      (await failedCase('a $ref to a missing component in a one-file document', expect)).report,
    ).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error $ref at #/components/schemas/Customer/properties/address/$ref points to #/components/schemas/Adress, which does not exist in the document  (openapi/shop.yaml:184:20) [openapi-invalid]
            hint: define #/components/schemas/Adress under components.schemas, or point the $ref at a component that exists
      1 error"
    `);
  });

  it('a $ref to /etc/passwd', async ({ expect }) => {
    expect((await failedCase('a $ref to /etc/passwd', expect)).report).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error cannot read the OpenAPI document at #/components/schemas/Customer/properties/address/$ref: $ref "/etc/passwd" resolves to /etc/passwd, outside the OpenAPI root folder <root>/openapi; only files inside it can be referenced  (openapi/shop.yaml:184:20) [openapi-invalid]
            hint: set openapi.root in portal.config.ts (or --openapi-root) to a folder holding every file the document refers to, or move the file inside it
      1 error"
    `);
  });

  it('a $ref to ../../../../../../../../etc/passwd', async ({ expect }) => {
    expect((await failedCase('a $ref to ../../../../../../../../etc/passwd', expect)).report).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error cannot read the OpenAPI document at #/components/schemas/Customer/properties/address/$ref: $ref "../../../../../../../../etc/passwd" resolves to /etc/passwd, outside the OpenAPI root folder <root>/openapi; only files inside it can be referenced  (openapi/shop.yaml:184:20) [openapi-invalid]
            hint: set openapi.root in portal.config.ts (or --openapi-root) to a folder holding every file the document refers to, or move the file inside it
      1 error"
    `);
  });

  it('a $ref to file:///etc/passwd', async ({ expect }) => {
    expect((await failedCase('a $ref to file:///etc/passwd', expect)).report).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error cannot read the OpenAPI document at #/components/schemas/Customer/properties/address/$ref: $ref "file:///etc/passwd" resolves to /etc/passwd, outside the OpenAPI root folder <root>/openapi; only files inside it can be referenced  (openapi/shop.yaml:184:20) [openapi-invalid]
            hint: set openapi.root in portal.config.ts (or --openapi-root) to a folder holding every file the document refers to, or move the file inside it
      1 error"
    `);
  });

  it('a $ref through a symlink that leaves the openapi folder', async ({ expect }) => {
    expect(
      (await failedCase('a $ref through a symlink that leaves the openapi folder', expect)).report,
    ).toMatchInlineSnapshot(`
      "openapi/shop.yaml
        error cannot read the OpenAPI document at #/components/schemas/Customer/properties/address/$ref: $ref "schemas/linked.yaml" resolves to <root>/openapi/schemas/linked.yaml, a link to /etc/passwd, outside the OpenAPI root folder <root>/openapi; only files inside it can be referenced  (openapi/shop.yaml:184:20) [openapi-invalid]
            hint: set openapi.root in portal.config.ts (or --openapi-root) to a folder holding every file the document refers to, or move the file inside it
      1 error"
    `);
  });

  it('never fetches a remote $ref, and says why', async ({ expect }) => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end('type: string\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const run = await runBroken('api-shop', {
        [SHOP]: (t) => t.replace(ADDRESS_REF, `$ref: 'http://127.0.0.1:${port}/address.yaml'`),
      });
      await expectFailedCleanly(run, expect);
      expect(run.report.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:<port>')).toMatchInlineSnapshot(`
        "openapi/shop.yaml
          error cannot read the OpenAPI document at #/components/schemas/Customer/properties/address/$ref: $ref "http://127.0.0.1:<port>/address.yaml" points outside the document: the portal does not fetch http: URLs; copy the file into the openapi folder and refer to it by a relative path  (openapi/shop.yaml:184:20) [openapi-invalid]
              hint: copy the referenced file into the OpenAPI root folder and use a relative $ref
        1 error"
      `);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('builds a document with a circular $ref and marks the cycle on the page', async ({ expect }) => {
    // The base build of api-shop succeeded in beforeAll; its Referral schema refers to itself.
    const html = await fs.readFile(
      path.join(built['api-shop'] as string, 'build/docs/api/get-the-referral-tree/index.html'),
      'utf8',
    );
    expect(html).toMatch(/circular: (<!-- -->)?Referral/);
  });
});
