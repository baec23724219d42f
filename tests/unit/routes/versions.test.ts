import { describe, expect, it } from 'vitest';
import { configSchema, type PortalConfigInput } from '../../../src/config/schema.ts';
import type { ProcessedSource } from '../../../src/content/process-source.ts';
import type { SourceFile } from '../../../src/content/scan.ts';
import { buildDocsVersions } from '../../../src/routes/docs-versions.ts';
import { resolveVersionLinks } from '../../../src/routes/version-links.ts';
import { parseVersionNames, resolveVersionPlans } from '../../../src/routes/versions.ts';

const config = (docs: PortalConfigInput['docs'] = {}) =>
  configSchema.parse({ title: 'T', url: 'https://t.example', docs });
const plans = (versionNames: string[] | undefined, docs: PortalConfigInput['docs'] = {}) =>
  resolveVersionPlans({
    config: config(docs),
    versionNames,
    configFile: '/site/portal.config.ts',
    versionsFile: '/site/versions.json',
  });
const summary = (result: ReturnType<typeof plans>) =>
  result.plans.map((p) => [p.name, p.label, p.base, p.isLast, p.banner, p.contentPath, p.sidebarPath]);

describe('docs versions: where each is served (issue 4 item 6, Docusaurus conventions)', () => {
  it('a site without versions.json has one version, "current", at the docs root', () => {
    expect(summary(plans(undefined))).toEqual([['current', 'Current', '/docs', true, 'none', 'docs', 'sidebars.ts']]);
  });

  it('serves the newest released version at the root, older ones under their name and current under /next', () => {
    expect(summary(plans(['2.0', '1.0']))).toEqual([
      ['current', 'Next', '/docs/next', false, 'unreleased', 'docs', 'sidebars.ts'],
      [
        '2.0',
        '2.0',
        '/docs',
        true,
        'none',
        'versioned_docs/version-2.0',
        'versioned_sidebars/version-2.0-sidebars.json',
      ],
      [
        '1.0',
        '1.0',
        '/docs/1.0',
        false,
        'unmaintained',
        'versioned_docs/version-1.0',
        'versioned_sidebars/version-1.0-sidebars.json',
      ],
    ]);
  });

  it('follows lastVersion, labels, paths and banners from the config', () => {
    const result = plans(['2.0', '1.0'], {
      lastVersion: '1.0',
      versions: { current: { label: 'Edge', path: 'edge' }, '2.0': { banner: 'none' } },
    });
    expect(summary(result).map(([name, label, base, isLast, banner]) => [name, label, base, isLast, banner])).toEqual([
      ['current', 'Edge', '/docs/edge', false, 'unreleased'],
      ['2.0', '2.0', '/docs/2.0', false, 'none'],
      ['1.0', '1.0', '/docs', true, 'none'],
    ]);
    expect(result.plans.map((p) => p.sidebarKeyPrefix)).toEqual(['current/', '2.0/', '']);
  });

  it('can leave the current docs out', () => {
    expect(summary(plans(['1.0'], { includeCurrentVersion: false })).map((p) => p[0])).toEqual(['1.0']);
  });

  it('reports config mistakes with the field, the versions that exist and what to do', () => {
    expect(
      plans(['1.0'], { lastVersion: '3.0', versions: { '0.9': { label: 'Old' } } }).diagnostics.map((d) => [
        d.code,
        d.message,
        d.file,
      ]),
    ).toEqual([
      [
        'config-invalid',
        'docs.lastVersion: "3.0" is not a version of this site. Versions: current, 1.0',
        '/site/portal.config.ts',
      ],
      [
        'config-invalid',
        'docs.versions.0.9: "0.9" is not a version of this site. Versions: current, 1.0',
        '/site/portal.config.ts',
      ],
    ]);
    expect(plans(undefined, { includeCurrentVersion: false }).diagnostics[0]?.message).toBe(
      'docs.includeCurrentVersion: is false, but site/versions.json lists no version, so there are no docs to build',
    );
    expect(plans(['2.0', '1.0'], { versions: { current: { path: '1.0' } } }).diagnostics[0]?.message).toBe(
      'docs.versions: versions "current" and "1.0" are both served at /docs/1.0',
    );
  });

  it('validates versions.json entry by entry', () => {
    expect(parseVersionNames(['1.1', '1.0'], '/site/versions.json')).toEqual({
      names: ['1.1', '1.0'],
      diagnostics: [],
    });
    expect(parseVersionNames({ latest: '1.0' }, 'v.json').diagnostics[0]?.message).toBe(
      'versions.json must be a JSON array of version names',
    );
    expect(parseVersionNames(['1.0', '', 'current', 'a/b', '1.0'], 'v.json').diagnostics.map((d) => d.message)).toEqual(
      [
        'versions.json: entry 1 must be a non-empty string, got ""',
        'versions.json: entry 2 is "current", which names the docs folder itself and cannot be a released version',
        'versions.json: entry 3 ("a/b") cannot contain "/", "\\", "?" or "#", nor be "." or ".."',
        'versions.json: entry 4 ("1.0") is listed twice',
      ],
    );
  });

  it('rejects a version path with a leading slash in the config schema', () => {
    const parsed = configSchema.safeParse({
      title: 'T',
      url: 'https://t.example',
      docs: { versions: { current: { path: '/next' } } },
    });
    expect(parsed.success).toBe(false);
  });
});

describe('links inside a versioned doc resolve within its version', () => {
  const versionPaths = new Set(['/docs/1.0/intro', '/docs/1.0/guides/setup', '/docs/1.0/tags']);
  const links = (...urls: string[]) => urls.map((url) => ({ url, kind: 'link' as const }));

  it('points a link into the docs at the same page of the version when the version has it', () => {
    const map = resolveVersionLinks({
      links: links('/docs/guides/setup#install', '/docs/intro', '/docs/tags'),
      routeBasePath: '/docs',
      versionBase: '/docs/1.0',
      versionPaths,
    });
    expect(Object.fromEntries(map)).toEqual({
      '/docs/guides/setup#install': '/docs/1.0/guides/setup#install',
      '/docs/intro': '/docs/1.0/intro',
      '/docs/tags': '/docs/1.0/tags',
    });
  });

  it('leaves links the version cannot serve, other sections, explicit versions and relative links as written', () => {
    const map = resolveVersionLinks({
      links: links(
        '/docs/only-in-next',
        '/docs/api/orders',
        '/docs/1.0/intro',
        '../intro',
        '/about',
        'https://x.example/docs/intro',
      ),
      routeBasePath: '/docs',
      versionBase: '/docs/1.0',
      versionPaths,
    });
    expect(map.size).toBe(0);
  });

  it('changes nothing for the version served at the docs root', () => {
    expect(
      resolveVersionLinks({
        links: links('/docs/intro'),
        routeBasePath: '/docs',
        versionBase: '/docs',
        versionPaths: new Set(['/docs/intro']),
      }).size,
    ).toBe(0);
  });
});

describe('each version gets its own docs and sidebars', () => {
  const source = (title: string): ProcessedSource => ({
    frontMatter: {},
    code: '',
    headings: [{ depth: 1, id: 'x', text: title }],
    links: [],
    diagnostics: [],
  });
  const file = (dir: string, rel: string): SourceFile => ({
    file: `/site/${dir}/${rel}`,
    rel,
    section: 'docs',
    ext: '.md',
    text: '',
  });
  const [next, last] = plans(['1.0']).plans as [
    NonNullable<ReturnType<typeof plans>['plans'][number]>,
    NonNullable<ReturnType<typeof plans>['plans'][number]>,
  ];
  const currentFiles = [file('docs', 'intro.md'), file('docs', 'new.md')];
  const oldFiles = [file('versioned_docs/version-1.0', 'intro.md')];
  const processed = new Map([...currentFiles, ...oldFiles].map((f) => [f.file, source(f.rel)]));
  const result = buildDocsVersions({
    versions: [
      { plan: next, files: currentFiles, sidebars: { docs: ['intro', 'new'] }, sidebarsFile: '/site/sidebars.ts' },
      {
        plan: last,
        files: oldFiles,
        sidebars: { docs: ['intro'], extra: [{ type: 'link', href: 'https://x.example', label: 'X' }] },
        sidebarsFile: '/site/versioned_sidebars/version-1.0-sidebars.json',
      },
    ],
    processed,
    apiItems: [],
    includeDrafts: false,
  });

  it("describes every version with the spec's fields", () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.data).toEqual([
      {
        name: 'current',
        label: 'Next',
        base: '/docs/next',
        isLast: false,
        docs: [
          { id: 'intro', path: '/docs/next/intro', sidebar: 'docs', unlisted: false },
          { id: 'new', path: '/docs/next/new', sidebar: 'docs', unlisted: false },
        ],
        sidebars: { docs: { link: { path: '/docs/next/intro', label: 'intro.md' } } },
        mainDocId: 'intro',
        mainDocPath: '/docs/next/intro',
        draftIds: [],
        banner: 'unreleased',
      },
      {
        name: '1.0',
        label: '1.0',
        base: '/docs',
        isLast: true,
        docs: [{ id: 'intro', path: '/docs/intro', sidebar: 'docs', unlisted: false }],
        sidebars: {
          docs: { link: { path: '/docs/intro', label: 'intro.md' } },
          extra: { link: { path: 'https://x.example', label: 'X' } },
        },
        mainDocId: 'intro',
        mainDocPath: '/docs/intro',
        draftIds: [],
        banner: 'none',
      },
    ]);
    expect(result.last.plan.name).toBe('1.0');
  });

  it('bundles the sidebars of every version side by side', () => {
    expect(Object.keys(result.bundleSidebars)).toEqual(['current/docs', 'docs', 'extra']);
  });

  it("looks sidebar doc ids up in the version's own folder", () => {
    const broken = buildDocsVersions({
      versions: [
        {
          plan: last,
          files: oldFiles,
          sidebars: { docs: ['intro', 'new'] },
          sidebarsFile: '/site/versioned_sidebars/version-1.0-sidebars.json',
        },
      ],
      processed,
      apiItems: [],
      includeDrafts: false,
    });
    expect(broken.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      [
        'sidebar-unknown-doc',
        '/site/versioned_sidebars/version-1.0-sidebars.json',
        'sidebar "docs" refers to unknown doc id "new" (at docs[1]). Available doc ids: intro',
      ],
    ]);
  });
});
