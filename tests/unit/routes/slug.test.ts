import { describe, expect, it } from 'vitest';
import { docIdFor, docRoute, fileToSlug, normalizePath, pageRoute, toHref } from '../../../src/routes/slug.ts';

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
