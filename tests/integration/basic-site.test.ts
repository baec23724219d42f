import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/fixtures.ts';

let built: Awaited<ReturnType<typeof buildFixture>>;
const html = (rel: string) => fs.readFile(path.join(built.outDir, rel), 'utf8');

beforeAll(async () => {
  built = await buildFixture('basic');
});

describe('building the basic fixture', () => {
  it('builds every route kind and skips drafts', () => {
    const paths = built.table.routes.map((r) => r.path).sort();
    expect(paths).toEqual([
      '/',
      '/404',
      '/about',
      '/docs/category/guides',
      '/docs/guides/first',
      '/docs/guides/second',
      '/docs/hidden',
      '/docs/intro',
      '/docs/tags',
      '/docs/tags/guide',
      '/docs/tags/welcome',
    ]);
    expect(built.stats.routesByKind).toMatchObject({ doc: 4, page: 2, tag: 2 });
  });

  it('renders a complete HTML document with title, description and canonical URL', async () => {
    const page = await html('docs/intro/index.html');
    expect(page).toContain('<title>Introduction | Basic Site</title>');
    expect(page).toContain('<meta name="description" content="Where the basic fixture starts.">');
    expect(page).toContain('<link rel="canonical" href="https://basic.example/docs/intro">');
    // A Markdown-only doc preloads its first-visit chunk, which leaves out the body the HTML already has.
    expect(page).toMatch(/<link rel="modulepreload" href="\/_portal\/r\d+-docs_intro\.first-[A-Z0-9]+\.js">/);
  });

  it('highlights code at build time and ships no highlighter', async () => {
    const page = await html('docs/intro/index.html');
    expect(page).toContain('class="code language-liquid"');
    expect(page).toMatch(/<span class="token (delimiter|liquid)/);
    expect(page).toContain('<div class="code-title">hello.liquid</div>');
    const js = built.files
      .filter((f) => f.path.endsWith('.js'))
      .map((f) => Buffer.from(f.contents).toString())
      .join('');
    expect(js).not.toContain('Prism');
  });

  it('renders admonitions, GFM tables and task lists, heading ids and explicit ids', async () => {
    const intro = await html('docs/intro/index.html');
    expect(intro).toContain('class="admonition admonition-tip"');
    expect(intro).toContain('Fast path');
    expect(intro).toContain('<table>');
    expect(intro).toContain('type="checkbox"');
    expect(intro).toContain('id="setup"');
    expect(await html('docs/guides/second/index.html')).toContain('id="details"');
  });

  it('builds a table of contents of levels 2 to 3', () => {
    const intro = built.table.byPath.get('/docs/intro');
    expect(intro?.page.toc.map((t) => t.text)).toEqual(['Setup', 'Deep heading']);
  });

  it('keeps unlisted docs out of sidebars and tag pages but builds them', async () => {
    expect(await html('docs/hidden/index.html')).toContain('Built but not listed.');
    const welcome = built.table.byPath.get('/docs/tags/welcome');
    expect(welcome?.page.title).toBe('2 docs tagged with "welcome"');
    expect(built.table.byPath.get('/docs/tags/guide')?.page.title).toBe('One doc tagged with "guide"');
    expect(JSON.stringify(built.table.byPath.get('/docs/intro')?.page)).not.toContain('/docs/hidden');
  });

  it('writes 404.html, copies static files, and gives each route its own chunk', async () => {
    expect(await html('404.html')).toContain('Page Not Found');
    await expect(fs.access(path.join(built.outDir, 'img/dot.svg'))).resolves.toBeUndefined();
    const manifestFile = built.files.find((f) => /manifest-\w+\.json$/.test(f.path));
    const manifest = JSON.parse(String(manifestFile?.contents)) as Record<string, string>;
    expect(Object.keys(manifest)).toHaveLength(built.table.routes.length);
    expect(new Set(Object.values(manifest)).size).toBe(built.table.routes.length);
  });

  it('links pages in sidebar order with previous and next', () => {
    expect(built.table.byPath.get('/docs/guides/first')?.page).toMatchObject({
      prev: { path: '/docs/intro' },
      next: { path: '/docs/guides/second' },
    });
  });
});

describe('base URL and trailing slash', () => {
  it('prefixes every internal URL with --base-url and writes .html files without trailing slash', async () => {
    const b = await buildFixture('basic', { baseUrl: '/portal/' });
    const page = await fs.readFile(path.join(b.outDir, 'docs/intro/index.html'), 'utf8');
    expect(page).toContain('href="/portal/docs/guides/second#details"');
    expect(page).toContain('src="/portal/_portal/entry-');
    expect(page).not.toMatch(/href="\/docs\//);
  });
});
