import { createElement } from 'react';
import { renderInShell } from '../helpers/render-shell.ts';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_CATEGORIES, SidebarMenu } from '../../templates/shell/Sidebar.tsx';
import type { SidebarItem, SiteData } from '../../templates/shared/types.ts';

/** The API sidebar of a document with `n` groups of two operations each, under one category with a page. */
const apiSidebar = (n: number): SidebarItem[] => [
  {
    type: 'category',
    label: 'API reference',
    href: '/docs/category/api-reference',
    collapsed: false,
    items: Array.from({ length: n }, (_, i) => ({
      type: 'category' as const,
      label: `Group ${i}`,
      href: `/docs/api/group-${i}`,
      collapsed: true,
      items: [
        { type: 'link' as const, label: `List ${i}`, href: `/docs/api/list-${i}` },
        { type: 'link' as const, label: `Create ${i}`, href: `/docs/api/create-${i}` },
      ],
    })),
  },
];

const site = { baseUrl: '/', trailingSlash: undefined } as unknown as SiteData;

const serverHtml = (items: SidebarItem[], path: string) =>
  renderInShell(site, path, createElement(SidebarMenu, { items, label: 'Docs sidebar' }));

const groups = (html: string) => [...html.matchAll(/>(Group \d+)</g)].map((m) => m[1]);

// issue 20: every page of a 10,000-operation API carried its 250 collapsed groups, the square of the document.
describe('a sidebar list with many categories, server-rendered', () => {
  it('shows every category while there are at most FIRST_PAINT_CATEGORIES', () => {
    const html = serverHtml(apiSidebar(FIRST_PAINT_CATEGORIES), '/docs/api/create-7');
    expect(groups(html)).toHaveLength(FIRST_PAINT_CATEGORIES);
    expect(html).not.toContain('menu-more');
  });

  it('shows only the category holding the page, and a link to the page listing them all, when there are more', () => {
    const n = FIRST_PAINT_CATEGORIES + 1;
    const html = serverHtml(apiSidebar(n), '/docs/api/create-7');
    expect(groups(html)).toEqual(['Group 7']);
    // The current page is there, marked, in its open category.
    expect(html).toMatch(/href="\/docs\/api\/create-7"[^>]*aria-current="page"/);
    expect(html).toMatch(
      new RegExp(
        `<a href="/docs/category/api-reference" class="menu-link menu-more"[^>]*>All ${n} categories of API reference</a>`,
      ),
    );
    // Its size does not grow with the number of groups.
    expect(serverHtml(apiSidebar(10 * n), '/docs/api/create-7').length).toBeLessThan(html.length + 100);
  });
});
