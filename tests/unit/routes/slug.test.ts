import { describe, expect, it } from 'vitest';
import {
  docIdFor,
  docRoute,
  fileToSlug,
  normalizePath,
  numberPrefix,
  pageRoute,
  toHref,
} from '../../../src/routes/slug.ts';

describe('slugs and routes', () => {
  it('maps doc files to routes, folder indexes to the folder', () => {
    expect(docRoute('themes/intro.mdx', '/docs')).toBe('/docs/themes/intro');
    expect(docRoute('themes/architecture/templates/index.mdx', '/docs')).toBe('/docs/themes/architecture/templates');
    expect(docRoute('index.mdx', '/docs')).toBe('/docs');
  });
  it('honours front matter slugs, absolute and relative', () => {
    expect(docRoute('themes/intro.mdx', '/docs', '/start')).toBe('/docs/start');
    expect(docRoute('themes/intro.mdx', '/docs', 'begin')).toBe('/docs/themes/begin');
    expect(docRoute('intro.mdx', '/docs', '/')).toBe('/docs');
  });
  it('derives doc ids like Docusaurus', () => {
    expect(docIdFor('themes/intro.mdx')).toBe('themes/intro');
    expect(docIdFor('themes/intro.mdx', 'welcome')).toBe('themes/welcome');
    expect(docIdFor('intro.md')).toBe('intro');
    expect(docIdFor('a/b/index.mdx')).toBe('a/b/index');
  });
  it('leave number prefixes out of ids and routes, and take the last part of the route from `id`, as Docusaurus', () => {
    expect(docIdFor('01-guides/02-setup.md')).toBe('guides/setup');
    expect(docRoute('01-guides/02-setup.md', '/docs')).toBe('/docs/guides/setup');
    expect(docRoute('01-guides/index.md', '/docs')).toBe('/docs/guides');
    expect(docIdFor('guides/extra.md', 'extra-doc')).toBe('guides/extra-doc');
    expect(docRoute('guides/extra.md', '/docs', undefined, 'extra-doc')).toBe('/docs/guides/extra-doc');
    expect(docRoute('03-extra.md', '/docs', undefined, 'bonus')).toBe('/docs/bonus');
    // An index is its folder's route whatever its id; a slug wins over both.
    expect(docRoute('guides/index.md', '/docs', undefined, 'home')).toBe('/docs/guides');
    expect(docRoute('01-guides/setup.md', '/docs', 'install', 'ignored')).toBe('/docs/guides/install');
  });
  it('read a number prefix as Docusaurus does, not from names that start like a date or a version', () => {
    expect(numberPrefix('01-intro')).toEqual({ name: 'intro', position: 1 });
    expect(numberPrefix('2. Setup')).toEqual({ name: 'Setup', position: 2 });
    expect(numberPrefix('10_faq')).toEqual({ name: 'faq', position: 10 });
    for (const kept of ['2024-05-01-release', '12-05-notes', '1.2.3-notes', 'v2.0.1', 'intro', '404', '3-'])
      expect(numberPrefix(kept), kept).toEqual({ name: kept });
    expect(docRoute('404.md', '/docs')).toBe('/docs/404');
    expect(docRoute('2024-05-01-release.md', '/docs')).toBe('/docs/2024-05-01-release');
  });
  it('maps pages, with index to /', () => {
    expect(pageRoute('index.tsx')).toBe('/');
    expect(pageRoute('markdown-page.md')).toBe('/markdown-page');
    expect(pageRoute('blog/index.mdx')).toBe('/blog');
    expect(fileToSlug('README.md')).toBe('');
  });
  it('normalises paths', () => {
    expect(normalizePath('docs//intro/')).toBe('/docs/intro');
    expect(normalizePath('/')).toBe('/');
  });
  it('applies base URL and trailing-slash settings to hrefs', () => {
    expect(toHref('/docs/intro', '/', undefined)).toBe('/docs/intro');
    expect(toHref('/docs/intro', '/portal/', undefined)).toBe('/portal/docs/intro');
    expect(toHref('/docs/intro#setup', '/portal/', true)).toBe('/portal/docs/intro/#setup');
    expect(toHref('/', '/portal/', true)).toBe('/portal/');
    expect(toHref('/img/logo.svg', '/', true)).toBe('/img/logo.svg');
  });
});
