import { createElement } from 'react';
import { renderInShell } from '../helpers/render-shell.ts';
import { describe, expect, it } from 'vitest';
import { isLinkActive } from '../../templates/shell/navbar/LinkItem.tsx';
import { NavbarItem, navbarItemFailure } from '../../templates/shell/NavbarItem.tsx';
import type { NavItem, SiteData } from '../../templates/shared/types.ts';

const site: SiteData = {
  title: 'Items',
  tagline: '',
  url: 'https://items.example',
  baseUrl: '/',
  navbar: { title: 'I', hideOnScroll: false, items: [] },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  locales: [{ name: 'en', label: 'English', htmlLang: 'en', prefix: '' }],
  currentLocale: 'en',
  versions: [],
  docsPluginId: 'default',
};

const render = (item: NavItem, path: string, mobile = false) =>
  renderInShell(site, path, createElement(NavbarItem, { item, mobile }));

type LinkItem = Extract<NavItem, { type: 'link' }>;
const link = (extra: Partial<LinkItem> = {}): LinkItem => ({
  type: 'link',
  label: 'Guides',
  href: '/guides',
  external: false,
  position: 'left',
  ...extra,
});

describe('navbar link activity (spec §2)', () => {
  it('is active on its activeBase and below, never without one', () => {
    expect(isLinkActive(link({ activeBase: '/docs' }), '/docs/intro', undefined)).toBe(true);
    expect(isLinkActive(link({ activeBase: '/docs' }), '/guides', undefined)).toBe(false);
    expect(isLinkActive(link(), '/guides', undefined)).toBe(false);
  });

  it("of a docSidebar item is its sidebar's pages once the page's sidebar is known", () => {
    const item = link({ sidebarId: 'api', activeBase: '/guides' });
    expect(isLinkActive(item, '/elsewhere', 'api')).toBe(true);
    expect(isLinkActive(item, '/guides', 'tutorial')).toBe(false);
    expect(isLinkActive(item, '/guides', null)).toBe(false);
    expect(isLinkActive(item, '/guides/x', undefined)).toBe(true);
  });
});

describe('navbar items by type', () => {
  it('renders a link as a navbar link, marked on its page, and as a menu item on mobile', () => {
    expect(render(link({ activeBase: '/guides' }), '/guides/setup')).toBe(
      '<a href="/guides" class="navbar-link active" aria-current="page" data-internal="">Guides</a>',
    );
    expect(render(link(), '/blog', true)).toBe(
      '<li class="menu-item"><a href="/guides" class="menu-link" data-internal="">Guides</a></li>',
    );
  });

  it("marks a dropdown's sub-link of the current page, never an external one", () => {
    const html = render(
      {
        type: 'dropdown',
        label: 'More',
        position: 'left',
        items: [
          { label: 'Blog', href: '/blog', external: false },
          { label: 'Site', href: 'https://example.com', external: true },
        ],
      },
      '/blog',
    );
    expect(html).toContain('More');
    expect(html).toMatch(/<a [^>]*href="\/blog"[^>]*aria-current="page"/);
    expect(html).not.toMatch(/<a [^>]*href="https:\/\/example.com"[^>]*aria-current/);
  });

  it("puts an html item's own markup in a span, or a menu item on mobile", () => {
    const item: NavItem = { type: 'html', value: '<b>Beta</b>', position: 'right' };
    expect(render(item, '/')).toBe('<span class="navbar-item navbar-html"><b>Beta</b></span>');
    expect(render(item, '/', true)).toBe('<li class="menu-item navbar-html"><b>Beta</b></li>');
  });

  it('hides search on mobile', () => {
    const item: NavItem = { type: 'search', position: 'right' };
    expect(render(item, '/')).toContain('navbar-search');
    expect(render(item, '/', true)).toBe('');
  });

  it('names the failing item and its config path in the error it shows (spec §8)', () => {
    expect(navbarItemFailure({ ...link(), configPath: 'navbar.items[3]' }, new Error('boom'))).toBe(
      'A navbar item failed to render. Please check the configuration of navbar.items[3] (type "link") in portal.config.ts. Cause: boom',
    );
  });
});
