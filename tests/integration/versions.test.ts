import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PortalError } from '../../src/diagnostics.ts';
import { buildFixture, quietBuild } from '../helpers/fixtures.ts';
import { portal, scenario } from '../helpers/scenario.ts';

// Docs versions (issue 4 item 6) on tests/fixtures/versions-two: versions.json ["1.0"], so 1.0 is the last
// version at /docs and the `docs` folder is "Next" at /docs/next; new-feature exists in Next only.
let built: Awaited<ReturnType<typeof buildFixture>>;
const html = (rel: string) => fs.readFile(path.join(built.outDir, rel), 'utf8');
/** Text of an element's links, as [text, href]. */
const links = (page: string, className: string) => {
  const start = page.indexOf(className);
  const block = page.slice(start, page.indexOf('</ul>', start));
  return [...block.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, text = '']) => [
    text.replace(/<[^>]+>/g, ''),
    href,
  ]);
};

beforeAll(async () => {
  built = await buildFixture('versions-two');
});

/** Builds a changed copy of the fixture; resolves to the error diagnostics, or [] when it builds. */
async function failures(
  name: string,
  files: Record<string, string | null>,
): Promise<Array<{ code: string; message: string; file: string }>> {
  const root = await scenario(name, files, 'versions-two');
  try {
    await quietBuild({ root, write: false });
    return [];
  } catch (err) {
    if (!(err instanceof PortalError)) throw err;
    return err.diagnostics.map((d) => ({ code: d.code, message: d.message, file: path.relative(root, d.file ?? '') }));
  }
}

describe('a site with two docs versions', () => {
  it('serves the last version at /docs and the current docs at /docs/next, each with its own tags and indexes', () => {
    const byKind = (kind: string) =>
      built.table.routes
        .filter((r) => r.kind === kind)
        .map((r) => r.path)
        .sort();
    expect(byKind('doc')).toEqual([
      '/docs/guides/setup',
      '/docs/intro',
      '/docs/next/guides/setup',
      '/docs/next/intro',
      '/docs/next/new-feature',
    ]);
    expect(byKind('category')).toEqual(['/docs/category/guides', '/docs/next/category/guides']);
    expect([...byKind('tags-index'), ...byKind('tag')]).toEqual([
      '/docs/next/tags',
      '/docs/tags',
      '/docs/next/tags/start',
      '/docs/tags/start',
    ]);
    expect(built.warnings).toEqual([]);
  });

  it('gives each version its own sidebar, from sidebars.ts and from the versioned JSON copy', async () => {
    expect(links(await html('docs/intro/index.html'), 'class="menu-list"')).toEqual([
      ['Introduction (1.0)', '/docs/intro'],
      ['Guides', '/docs/category/guides'],
      ['Setup (1.0)', '/docs/guides/setup'],
    ]);
    expect(links(await html('docs/next/intro/index.html'), 'class="menu-list"')).toEqual([
      ['Introduction (next)', '/docs/next/intro'],
      ['New feature', '/docs/next/new-feature'],
      ['Guides', '/docs/next/category/guides'],
      ['Setup (next)', '/docs/next/guides/setup'],
    ]);
    // Pagination stays inside the version.
    expect(await html('docs/next/intro/index.html')).toMatch(
      /<a href="\/docs\/next\/new-feature" class="pagination-link next"/,
    );
  });

  it('resolves links inside a versioned doc within its version, for readers and for the link check', async () => {
    const page = await html('docs/next/intro/index.html');
    expect(page).toContain('<a href="/docs/next/guides/setup" data-internal="">setup guide</a>');
    expect(page).toContain('<a href="/docs/next/new-feature#how-it-works" data-internal="">new feature</a>');
    const route = built.table.byPath.get('/docs/next/intro');
    expect(route?.links.map((l) => l.url)).toEqual([
      '/docs/next/guides/setup',
      '/docs/next/new-feature#how-it-works',
      '/docs/next/guides/setup',
    ]);
    // The last version's docs keep their links as written.
    expect(await html('docs/intro/index.html')).toContain(
      '<a href="/docs/guides/setup" data-internal="">setup guide</a>',
    );
  });

  it("leads a link to a Markdown file to the page made from it in the linking doc's own version", async () => {
    expect(await html('docs/next/intro/index.html')).toContain(
      '<a href="/docs/next/guides/setup" data-internal="">setup, by file</a>',
    );
    expect(await html('docs/intro/index.html')).toContain(
      '<a href="/docs/guides/setup" data-internal="">setup, by file</a>',
    );
  });

  it('puts a banner on docs of a version other than the last, linking to the same doc in the last version', async () => {
    const next = await html('docs/next/guides/setup/index.html');
    expect(next).toContain('data-banner="unreleased"');
    expect(next).toContain('This page documents version <strong>Next</strong>, which has not been released yet.');
    expect(next).toMatch(
      /<a href="\/docs\/guides\/setup" data-internal="">this page<!-- --> in the latest version \(<!-- -->1\.0<!-- -->\)<\/a>/,
    );
    // A doc the last version lacks: the banner leads to its main doc.
    expect(await html('docs/next/new-feature/index.html')).toMatch(
      /<a href="\/docs\/intro" data-internal="">the docs<!-- --> in the latest version/,
    );
    expect(await html('docs/intro/index.html')).not.toContain('doc-version-banner');
  });

  it('renders the navbar for the version of the page: dropdown entries at the same doc, version items inside it', async () => {
    const page = await html('docs/next/guides/setup/index.html');
    expect(links(page, 'version-dropdown')).toEqual([
      ['Next', '/docs/next/guides/setup'],
      ['1.0', '/docs/guides/setup'],
    ]);
    expect(page).toContain('<a href="/docs/next/intro" class="navbar-link" data-internal="">Docs home</a>');
    expect(page).toContain(
      '<a href="/docs/next/guides/setup" class="navbar-link active" aria-current="page" data-internal="">Setup</a>',
    );
  });
});

describe('docs version settings', () => {
  it('serves the current docs at /docs when lastVersion says so, the released version then marked unmaintained', async () => {
    const root = await scenario(
      'versions-last-current',
      {
        'site/portal.config.ts': config(
          "docs: { lastVersion: 'current', versions: { '1.0': { label: 'Version 1' } } }",
        ),
      },
      'versions-two',
    );
    const result = await quietBuild({ root, write: false });
    const docs = result.table.routes
      .filter((r) => r.kind === 'doc')
      .map((r) => r.path)
      .sort();
    expect(docs).toEqual([
      '/docs/1.0/guides/setup',
      '/docs/1.0/intro',
      '/docs/guides/setup',
      '/docs/intro',
      '/docs/new-feature',
    ]);
    const old = result.files.find((f) => f.path === 'docs/1.0/intro/index.html')?.contents.toString() ?? '';
    expect(old).toContain(
      'This page documents version <strong>Version 1</strong>, which is no longer actively maintained.',
    );
    // 1.0's links into the docs stay in 1.0.
    expect(old).toContain('<a href="/docs/1.0/guides/setup" data-internal="">setup guide</a>');
  });

  it('builds only the released versions without the current docs', async () => {
    const root = await scenario(
      'versions-no-current',
      { 'site/portal.config.ts': config('docs: { includeCurrentVersion: false }') },
      'versions-two',
    );
    const result = await quietBuild({ root, write: false });
    expect(
      result.table.routes
        .filter((r) => r.kind === 'doc')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/docs/guides/setup', '/docs/intro']);
  });

  it('fails on a broken link in a versioned doc, naming that file and line', async () => {
    // 1.0 has no new-feature page, so the link cannot resolve within 1.0 nor at /docs.
    expect(
      await failures('versions-broken-link', {
        'site/versioned_docs/version-1.0/guides/setup.md':
          '# Setup (1.0)\n\nSee the [new feature](/docs/new-feature).\n',
      }),
    ).toEqual([
      {
        code: 'link-broken',
        message: 'broken link "/docs/new-feature"',
        file: 'site/versioned_docs/version-1.0/guides/setup.md',
      },
    ]);
  });

  it('reports a wrong lastVersion, an unknown version in the config and a bad versions.json with the field and what exists', async () => {
    expect(
      await failures('versions-bad-config', {
        'site/portal.config.ts': config("docs: { lastVersion: '2.0', versions: { '0.9': {} } }"),
      }),
    ).toEqual([
      {
        code: 'config-invalid',
        message: 'docs.lastVersion: "2.0" is not a version of this site. Versions: current, 1.0',
        file: 'site/portal.config.ts',
      },
      {
        code: 'config-invalid',
        message: 'docs.versions.0.9: "0.9" is not a version of this site. Versions: current, 1.0',
        file: 'site/portal.config.ts',
      },
    ]);
    expect(await failures('versions-bad-json', { 'site/versions.json': '["1.0",]' })).toEqual([
      {
        code: 'versions-invalid',
        message: expect.stringMatching(/^versions\.json is not valid JSON: /),
        file: 'site/versions.json',
      },
    ]);
    expect(await failures('versions-missing-folder', { 'site/versions.json': '["1.1", "1.0"]' })).toEqual([
      {
        code: 'versions-invalid',
        message:
          'version "1.1" is listed in versions.json, but its docs folder versioned_docs/version-1.1/ does not exist',
        file: 'site/versions.json',
      },
    ]);
  });

  it('exits 1 from the CLI on a version mistake, naming the file and the fix', async () => {
    const root = await scenario(
      'versions-cli',
      { 'site/portal.config.ts': config("docs: { lastVersion: '2.0' }") },
      'versions-two',
    );
    const r = await portal(root, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('site/portal.config.ts');
    expect(r.stderr).toContain('error docs.lastVersion: "2.0" is not a version of this site. Versions: current, 1.0');
    expect(r.stderr).toContain('hint: use one of the listed versions');
  });

  it('checks the version settings in the config schema, naming the field and what is allowed', async () => {
    expect(
      await failures('versions-bad-banner', {
        'site/portal.config.ts': config("docs: { versions: { current: { banner: 'old' } } }"),
      }),
    ).toEqual([
      {
        code: 'config-invalid',
        message: expect.stringMatching(
          /^docs\.versions\.current\.banner: must be one of "none", "unreleased", "unmaintained"\.$/,
        ),
        file: 'site/portal.config.ts',
      },
    ]);
  });
});

/** The fixture's config with its `docs` entry replaced. */
function config(docs: string): string {
  return `export default {
  title: 'Versions Site',
  url: 'https://versions.example',
  navbar: { items: [{ type: 'docsVersionDropdown', position: 'right' }] },
  ${docs},
};
`;
}
