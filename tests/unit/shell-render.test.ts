import { createElement } from 'react';
import { renderInShell } from '../helpers/render-shell.ts';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../templates/shell/Layout.tsx';
import type { PageData, SiteData } from '../../templates/shared/types.ts';

const site: SiteData = {
  title: 'Versions',
  tagline: '',
  url: 'https://v.example',
  baseUrl: '/',
  navbar: {
    title: 'V',
    hideOnScroll: false,
    items: [
      { type: 'localeDropdown', position: 'right', configPath: 'navbar.items[0]' },
      { type: 'docsVersionDropdown', position: 'right', configPath: 'navbar.items[1]' },
    ],
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  locales: [
    { name: 'en', label: 'English', htmlLang: 'en-US', prefix: '' },
    { name: 'de', label: 'Deutsch', htmlLang: 'de', prefix: '/de' },
  ],
  currentLocale: 'en',
  versions: [
    {
      name: 'current',
      label: 'Next',
      base: '/docs/next',
      isLast: false,
      docs: [
        { id: 'intro', path: '/docs/next/intro', unlisted: false },
        { id: 'guide', path: '/docs/next/guide', unlisted: false },
      ],
      sidebars: {},
      mainDocId: 'intro',
      mainDocPath: '/docs/next/intro',
      draftIds: [],
      banner: 'unreleased',
    },
    {
      name: '2.0',
      label: '2.0',
      base: '/docs',
      isLast: true,
      docs: [{ id: 'intro', path: '/docs/intro', unlisted: false }],
      sidebars: {},
      mainDocId: 'intro',
      mainDocPath: '/docs/intro',
      draftIds: [],
      banner: 'none',
    },
  ],
  docsPluginId: 'default',
};

const render = (path: string) =>
  renderInShell(site, path, createElement(Layout, null, createElement('main', { id: '__main' })));

/** The links of the dropdown with this class, as [text, href, aria-current]. */
const menu = (html: string, className: string) => {
  const block = html.slice(html.indexOf(className), html.indexOf('</ul>', html.indexOf(className)));
  return [...block.matchAll(/<a ([^>]*)>([^<]+)<\/a>/g)].map(([, attrs = '', text]) => [
    text,
    /href="([^"]+)"/.exec(attrs)?.[1],
    attrs.includes('aria-current="page"') ? 'aria-current="page"' : null,
  ]);
};

describe('version and locale switchers, server-rendered', () => {
  it('lists every docs version at the same doc where it exists, else at its main doc, the version read marked', () => {
    const html = render('/docs/next/guide');
    expect(html).toContain('<span class="sr-only">Docs version: </span>Next');
    expect(menu(html, 'version-dropdown')).toEqual([
      ['Next', '/docs/next/guide', 'aria-current="page"'],
      ['2.0', '/docs/intro', null], // 2.0 has no "guide"
    ]);
    expect(menu(render('/docs/intro'), 'version-dropdown')).toEqual([
      ['Next', '/docs/next/intro', null],
      ['2.0', '/docs/intro', 'aria-current="page"'],
    ]);
  });

  it('lists every locale at the same path (query and hash are added in the browser)', () => {
    expect(menu(render('/docs/intro'), 'locale-dropdown')).toEqual([
      ['English', '/docs/intro', 'aria-current="page"'],
      ['Deutsch', '/de/docs/intro', null],
    ]);
  });

  it('renders every dropdown closed, with aria-expanded="false"', () => {
    const html = render('/docs/intro');
    expect(html.match(/aria-expanded="(true|false)"/g)).toEqual([
      'aria-expanded="false"',
      'aria-expanded="false"',
      'aria-expanded="false"',
    ]);
  });
});

describe('docSidebar items', () => {
  it('are active on the pages of their own sidebar only', () => {
    const sidebars: SiteData = {
      ...site,
      navbar: {
        hideOnScroll: false,
        items: [
          {
            type: 'link',
            label: 'Guides',
            href: '/docs/intro',
            external: false,
            position: 'left',
            activeBase: '/docs',
            sidebarId: 'guides',
          },
          {
            type: 'link',
            label: 'Reference',
            href: '/docs/api',
            external: false,
            position: 'left',
            activeBase: '/docs',
            sidebarId: 'api',
          },
        ],
      },
    };
    const page: PageData = { path: '/docs/api/orders', kind: 'doc', title: 'Orders', toc: [], sidebarId: 'api' };
    const html = renderInShell(
      sidebars,
      '/docs/api/orders',
      createElement(Layout, { page, children: createElement('main', { id: '__main' }) }),
    );
    expect([...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['Reference']);
  });
});
