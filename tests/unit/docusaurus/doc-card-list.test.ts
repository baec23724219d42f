import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import DocCardList from '../../../templates/docusaurus/DocCardList.tsx';
import { DocContext } from '../../../templates/pages/doc-context.tsx';
import type { SidebarItem, SiteData } from '../../../templates/shared/types.ts';
import { renderInShell } from '../../helpers/render-shell.ts';

// Docusaurus's DocCardList (templates/docusaurus/DocCardList.tsx) in the body of a doc at `path`.
const site = { baseUrl: '/', trailingSlash: undefined } as unknown as SiteData;
const sidebar: SidebarItem[] = [
  { type: 'link', label: 'Intro', href: '/docs/intro' },
  {
    type: 'category',
    label: 'Guides',
    href: '/docs/guides',
    collapsed: false,
    items: [
      { type: 'link', label: 'Setup', href: '/docs/guides/setup' },
      {
        type: 'category',
        label: 'Deploy',
        collapsed: false,
        items: [
          { type: 'link', label: 'Nginx', href: '/docs/guides/deploy/nginx' },
          { type: 'link', label: 'S3', href: '/docs/guides/deploy/s3' },
        ],
      },
    ],
  },
];
/** The cards shown, as "label → href (count)". */
const cardsAt = (path: string, items?: SidebarItem[]) =>
  [
    ...renderInShell(
      site,
      path,
      createElement(DocContext.Provider, { value: { path, sidebar } }, createElement(DocCardList, { items })),
    ).matchAll(/<a href="([^"]*)"[^>]*><h2 class="card-title">([^<]*)<\/h2>(?:<p class="card-sub">(\d+))?/g),
  ].map((m) => `${m[2]} → ${m[1]}${m[3] ? ` (${m[3]})` : ''}`);

describe("Docusaurus's DocCardList", () => {
  it("shows a category index doc's items as the generated index does, a category by its first page and count", () => {
    expect(cardsAt('/docs/guides')).toEqual(['Setup → /docs/guides/setup', 'Deploy → /docs/guides/deploy/nginx (2)']);
  });

  it("shows the other pages of a doc's category, given items those, and nothing outside a category", () => {
    expect(cardsAt('/docs/guides/deploy/s3')).toEqual(['Nginx → /docs/guides/deploy/nginx']);
    expect(cardsAt('/docs/intro', [sidebar[0] as SidebarItem])).toEqual(['Intro → /docs/intro']);
    expect(cardsAt('/docs/intro')).toEqual([]);
  });
});
