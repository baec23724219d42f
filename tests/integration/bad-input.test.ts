import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';
import { treeHash } from '../helpers/tree-hash.ts';

// issue 8, item 1: every bad input ends with exit code 1, a message naming the file and the line (or JSON
// pointer) and saying what to do, within seconds, and the previous build output byte for byte as it was.

/** Text of every file under `dir`, for "nothing from /etc/passwd landed anywhere". */
async function allText(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const rel of Object.keys(await treeHash(dir)))
    parts.push(await fs.readFile(path.join(dir, rel), 'utf8').catch(() => ''));
  return parts.join('\n');
}

/** Runs at most `n` at once: the machine is shared, and each case starts a real build. */
function limit(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
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
      const r = await portal(dir, 'build');
      expect(r.exitCode, r.stderr).toBe(0);
      built[base] = dir;
    }),
  );
});

afterAll(async () => {
  await Promise.all([...copies, ...Object.values(built)].map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** One `portal build` on a copy of a built base site with some files changed, and what it left behind. */
interface Run {
  exitCode: number | undefined;
  stderr: string;
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
  prepare?: (dir: string) => Promise<void>,
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
  await prepare?.(dir);
  const { r, ms } = await slot(async () => {
    const started = Date.now();
    return { r: await portal(dir, 'build'), ms: Date.now() - started };
  });
  return {
    exitCode: r.exitCode,
    stderr: r.stderr,
    ms,
    dir,
    before,
    after: await treeHash(path.join(dir, 'build')),
    leftovers: (await fs.readdir(dir)).filter((n) => /^\.build\.tmp-|^build\.old-/.test(n)),
  };
}

/** What every failed build must show: exit 1, no stack trace, seconds not minutes, build/ byte for byte as before. */
async function expectFailedCleanly(run: Run): Promise<void> {
  expect(run.exitCode, run.stderr).toBe(1);
  expect(run.stderr).toContain('hint:');
  expect(run.stderr).toContain('the previous output is untouched');
  expect(run.stderr, 'no stack trace without --debug').not.toMatch(/^\s+at .*\(.*:\d+:\d+\)$/m);
  // The compilers used to take minutes on some of these inputs (issue 8); a failing build must fail in seconds.
  expect(run.ms).toBeLessThan(60_000);
  expect(run.after).toEqual(run.before);
  expect(run.leftovers).toEqual([]);
  expect(await allText(path.join(run.dir, 'build'))).not.toMatch(/root:[^:\n]*:0:0:/);
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The error line that names `file`, so each bad page is matched with its own message. */
const errorLineFor = (stderr: string, file: string): string =>
  stderr.split('\n').find((l) => l.includes(`(${file}:`) || l.endsWith(`(${file})`)) ?? '';

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
];

const pageFile = (group: string, i: number) => `site/docs/bad-${group}/page-${i}.md`;
const runPages = (group: string, pages: BadPage[]) =>
  runBroken('basic', Object.fromEntries(pages.map((p, i) => [pageFile(group, i), p.text])));

for (const [group, pages] of [
  ['compile', COMPILE_PAGES],
  ['links', LINK_PAGES],
] as const) {
  describe(`portal build on bad pages (${group} stage, one build)`, () => {
    let run: Run;
    beforeAll(async () => {
      run = await started(`pages:${group}`);
    }, 180_000);

    it('exits 1, quickly, leaving the previous output untouched', async () => {
      await expectFailedCleanly(run);
      expect(run.stderr).toContain(`✗ build failed: ${pages.length} errors`);
    });

    it.each(pages.map((p, i) => [p.name, p, i] as const))(
      '%s: names the file, the line and the fix',
      (_name, page, i) => {
        const line = errorLineFor(run.stderr, pageFile(group, i));
        expect(line, run.stderr).toMatch(page.at);
        for (const s of page.says) expect(line).toContain(s);
        // Every message is followed by its hint.
        const after = run.stderr.slice(run.stderr.indexOf(line) + line.length).split('\n')[1] ?? '';
        expect(after).toMatch(/^\s+hint: \S/);
      },
    );
  });
}

/** Bad inputs each stopping the build in its own stage: one build apiece. */
interface BadInput {
  name: string;
  base: Base;
  files: Record<string, Change>;
  /** The location the message must give: `file:line`, or the file and a JSON pointer / config path. */
  where: RegExp;
  says: string[];
  prepare?: (dir: string) => Promise<void>;
}

const SHOP = 'openapi/shop.yaml';
const ADDRESS_REF = "$ref: 'schemas/address.yaml'";

const CASES: BadInput[] = [
  {
    name: 'an unknown doc id in a sidebar',
    base: 'basic',
    files: { 'site/sidebars.ts': "export default { docs: ['intro', 'guides/missing'] };\n" },
    where: /\(at docs\[1\]\).*\(site\/sidebars\.ts\)/,
    says: [
      'unknown doc id "guides/missing"',
      'Available doc ids: guides/first, guides/second, hidden, intro',
      'use one of the ids listed',
    ],
  },
  {
    name: 'an unknown sidebar id in the navbar',
    base: 'basic',
    files: { 'site/portal.config.ts': (t) => t.replace("sidebarId: 'docs'", "sidebarId: 'nope'") },
    where: /navbar\.items\[0\].*\(site\/portal\.config\.ts\)/,
    says: ['unknown sidebar id "nope". Available sidebar ids: docs'],
  },
  {
    name: 'a config file that throws',
    base: 'basic',
    files: {
      'site/portal.config.ts':
        "const site = 'x';\nthrow new Error('no config today');\nexport default { title: site };\n",
    },
    where: /\(site\/portal\.config\.ts:2:\d+\)/,
    says: ['portal.config.ts threw while loading: no config today', 'evaluates without throwing'],
  },
  {
    name: 'a config file with a wrong field',
    base: 'basic',
    files: {
      'site/portal.config.ts': (t) =>
        t.replace(
          "url: 'https://basic.example',",
          "url: 'https://basic.example', colorMode: { defaultMode: 'sepia' },",
        ),
    },
    where: /colorMode\.defaultMode.*\(site\/portal\.config\.ts\)/,
    says: ['"light", "dark"'],
  },
  {
    name: 'invalid YAML in the OpenAPI document',
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace('  title: Shop API', '  title: [Shop API') },
    where: /\(openapi\/shop\.yaml:\d+:\d+\)/,
    says: ['the OpenAPI document is not valid YAML', 'fix the OpenAPI document'],
  },
  {
    name: 'a YAML alias bomb in the OpenAPI document',
    base: 'api-shop',
    files: { [SHOP]: (t) => `${t}\nx-bomb:\n${aliasBomb('  ')}\n` },
    where: /\(openapi\/shop\.yaml:\d+:\d+\)/,
    says: ['alias', 'write the repeated parts out or use $ref'],
  },
  {
    name: 'a $ref to a missing component',
    base: 'api-shop',
    files: {
      [SHOP]: (t) => t.replace("$ref: '#/components/responses/Unauthorized'", "$ref: '#/components/responses/Nope'"),
    },
    where: /at #\/paths\/~1orders\/get\/responses\/401\/\$ref .*\(openapi\/shop\.yaml:\d+:\d+\)/,
    says: [
      'points to #/components/responses/Nope, which does not exist',
      'define #/components/responses/Nope under components.responses',
    ],
  },
  {
    name: 'a $ref to a missing component in a one-file document',
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: '#/components/schemas/Adress'") },
    where: /at #\/components\/schemas\/Customer\/properties\/address\/\$ref .*\(openapi\/shop\.yaml:\d+:\d+\)/,
    says: ['points to #/components/schemas/Adress, which does not exist', 'under components.schemas'],
  },
  ...['/etc/passwd', '../../../../../../../../etc/passwd', 'file:///etc/passwd'].map(
    (ref): BadInput => ({
      name: `a $ref to ${ref}`,
      base: 'api-shop',
      files: { [SHOP]: (t) => t.replace(ADDRESS_REF, `$ref: '${ref}'`) },
      where: /at #\/components\/schemas\/Customer\/properties\/address\/\$ref.*\(openapi\/shop\.yaml:\d+:\d+\)/,
      says: ['outside the OpenAPI root folder', 'set openapi.root in portal.config.ts (or --openapi-root)'],
    }),
  ),
  {
    name: 'a $ref through a symlink that leaves the openapi folder',
    base: 'api-shop',
    files: { [SHOP]: (t) => t.replace(ADDRESS_REF, "$ref: 'schemas/linked.yaml'") },
    prepare: (dir) => fs.symlink('/etc/passwd', path.join(dir, 'openapi/schemas/linked.yaml')),
    where: /\(openapi\/shop\.yaml:\d+:\d+\)/,
    says: ['outside the OpenAPI root folder'],
  },
];

/**
 * Every build starts as soon as the base sites are built, three at a time, instead of suite after suite:
 * the file's wall time is then about the sum of the builds divided by three.
 */
const pending = new Map<string, Promise<Run>>();
const started = (key: string): Promise<Run> => {
  const run = pending.get(key);
  if (!run) throw new Error(`no build was started for ${key}`);
  return run;
};
beforeAll(() => {
  for (const [group, pages] of [
    ['compile', COMPILE_PAGES],
    ['links', LINK_PAGES],
  ] as const)
    pending.set(`pages:${group}`, runPages(group, [...pages]));
  for (const c of CASES) pending.set(`case:${c.name}`, runBroken(c.base, c.files, c.prepare));
  // Rejections are reported by the test that awaits each run.
  for (const run of pending.values()) run.catch(() => {});
});

describe.concurrent('portal build on bad input (one build each)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: exit 1, names the place and the fix, previous output untouched',
    async (_name, c) => {
      const run = await started(`case:${c.name}`);
      await expectFailedCleanly(run);
      expect(run.stderr).toMatch(c.where);
      for (const s of c.says) expect(run.stderr).toMatch(new RegExp(escapeRegExp(s)));
    },
    120_000,
  );

  it('never fetches a remote $ref, and says why', async () => {
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
      await expectFailedCleanly(run);
      expect(run.stderr).toContain(
        `$ref "http://127.0.0.1:${port}/address.yaml" points outside the document: the portal does not fetch http: URLs`,
      );
      expect(run.stderr).toMatch(/\(openapi\/shop\.yaml:\d+:\d+\)/);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  }, 120_000);

  it('builds a document with a circular $ref and marks the cycle on the page', async () => {
    // The base build of api-shop succeeded in beforeAll; its Referral schema refers to itself.
    const html = await fs.readFile(
      path.join(built['api-shop'] as string, 'build/docs/api/get-the-referral-tree/index.html'),
      'utf8',
    );
    expect(html).toMatch(/circular: (<!-- -->)?Referral/);
  });
});

console.log(
  `[issue 8] bad inputs tried through the CLI: ${COMPILE_PAGES.length + LINK_PAGES.length + CASES.length + 1} (and a circular $ref that must build)`,
);
