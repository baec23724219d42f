import { describe, expect, it } from 'vitest';
import type { SourceLink } from '../../../src/content/compile.ts';
import { markdownFileLink, otherFileLink, resolveFileLinks } from '../../../src/routes/file-links.ts';
import { routeStage } from '../../helpers/route-stage.ts';

const links = (...urls: string[]): SourceLink[] => urls.map((url) => ({ url, kind: 'link' }));

describe('markdownFileLink', () => {
  it('reads a relative path to a .md or .mdx file, its query and fragment kept apart', () => {
    expect(markdownFileLink('./setup.md')).toEqual({ path: './setup.md', suffix: '' });
    expect(markdownFileLink('../guides/intro.mdx#install')).toEqual({
      path: '../guides/intro.mdx',
      suffix: '#install',
    });
    expect(markdownFileLink('setup.md?tab=npm#a')).toEqual({ path: 'setup.md', suffix: '?tab=npm#a' });
    expect(markdownFileLink('./getting%20started.md')).toEqual({ path: './getting started.md', suffix: '' });
  });

  it('leaves every other URL alone: routes, other files, external URLs, anchors', () => {
    for (const url of [
      '/docs/setup',
      '/docs/setup.md',
      './setup',
      './diagram.svg',
      './notes.mdown',
      'https://example.com/readme.md',
      '//cdn.example/x.md',
      '#setup.md',
      '?q=a.md',
      '',
      './bad%E0%A4%A.md',
    ])
      expect(markdownFileLink(url), url).toBeUndefined();
  });
});

describe('otherFileLink', () => {
  it('reads a file named by its path from the page, not a Markdown file, a route or a URL', () => {
    expect(otherFileLink('./img/diagram.png')).toEqual({ path: './img/diagram.png', suffix: '' });
    expect(otherFileLink('files/Price%20list.pdf#page=2')).toEqual({
      path: 'files/Price list.pdf',
      suffix: '#page=2',
    });
    for (const url of ['./setup.md', './intro.mdx', './setup', '/img/logo.svg', 'https://x.example/a.png', '#a.png'])
      expect(otherFileLink(url), url).toBeUndefined();
  });
});

describe('resolveFileLinks', () => {
  const byFile = new Map([
    ['/site/docs/intro.md', '/docs/intro'],
    ['/site/docs/guides/setup.md', '/docs/start-here'],
    ['/site/pages/about.md', '/about'],
  ]);

  it('leads a link to the route made from the file it names, relative to the linking file', () => {
    const resolved = resolveFileLinks(
      links('./guides/setup.md#install', '../pages/about.md', 'intro.md', './missing.md', '/docs/intro'),
      { file: '/site/docs/intro.md' },
      { byFile },
    );
    expect(Object.fromEntries(resolved)).toEqual({
      './guides/setup.md#install': '/docs/start-here#install',
      '../pages/about.md': '/about',
      'intro.md': '/docs/intro',
    });
  });

  it("finds a doc's siblings by their path in its docs folder first: a translation links to untranslated docs", () => {
    const resolved = resolveFileLinks(
      links('./guides/setup.md', '../../../pages/about.md'),
      { file: '/site/i18n/fr/docs/intro.md', rel: 'intro.md' },
      { byFile, byRel: new Map([['guides/setup.md', '/fr/docs/start-here']]) },
    );
    expect(Object.fromEntries(resolved)).toEqual({
      './guides/setup.md': '/fr/docs/start-here',
      '../../../pages/about.md': '/about',
    });
  });

  it('reads neither images nor links written as routes', () => {
    const image: SourceLink = { url: './guides/setup.md', kind: 'image' };
    expect(resolveFileLinks([image], { file: '/site/docs/intro.md' }, { byFile }).size).toBe(0);
  });
});

describe('the route table with links to Markdown files', () => {
  it("gives a doc's page the route of each file it links to, and the link check the route with the URL as written", async () => {
    const { table, report } = await routeStage({
      docs: {
        'intro.md': '# Intro\n\nSee [setup](./guides/setup.md#install) and [about](../pages/about.md).\n',
        'guides/setup.md': '---\nslug: /start-here\n---\n\n# Setup\n\n## Install\n\n[Back](../intro.md).\n',
      },
      pages: { 'about.md': '# About\n\nThe [intro](../docs/intro.md).\n' },
    });
    expect(report).toBe('');
    const intro = table.byPath.get('/docs/intro');
    expect(intro?.page.resolvedLinks).toEqual({
      './guides/setup.md#install': '/docs/start-here#install',
      '../pages/about.md': '/about',
    });
    expect(intro?.links.map((l) => [l.url, l.written])).toEqual([
      ['/docs/start-here#install', './guides/setup.md#install'],
      ['/about', '../pages/about.md'],
    ]);
    expect(table.byPath.get('/docs/start-here')?.page.resolvedLinks).toEqual({ '../intro.md': '/docs/intro' });
    expect(table.byPath.get('/about')?.page.resolvedLinks).toEqual({ '../docs/intro.md': '/docs/intro' });
  });
});

describe('links to other files of the site', () => {
  it('lead a link or an image naming a file by its path to its copy in the output', () => {
    const files = new Map([['/site/docs/img/diagram.png', { path: '_portal/files/diagram-1a2b3c4d.png' }]]);
    const resolved = resolveFileLinks(
      [
        { url: './img/diagram.png', kind: 'image' },
        { url: 'img/diagram.png#zoom', kind: 'link' },
        { url: './img/other.png', kind: 'image' },
      ],
      { file: '/site/docs/intro.md', rel: 'intro.md' },
      { byFile: new Map(), byRel: new Map(), files },
    );
    expect(Object.fromEntries(resolved)).toEqual({
      './img/diagram.png': '/_portal/files/diagram-1a2b3c4d.png',
      'img/diagram.png#zoom': '/_portal/files/diagram-1a2b3c4d.png#zoom',
    });
  });
});
