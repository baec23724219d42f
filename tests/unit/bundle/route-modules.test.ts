import { describe, expect, it } from 'vitest';
import { generateRouteModules } from '../../../src/bundle/route-modules.ts';
import type { SidebarItem, SiteData } from '../../../templates/types.ts';

describe('generated sidebar modules', () => {
  it('carry what pages render (labels, links, badges, categories) but not the build-only doc ids', () => {
    const sidebar: SidebarItem[] = [
      { type: 'link', label: 'Intro', href: '/docs/intro', docId: 'intro' },
      { type: 'category', label: 'Guides', collapsed: true, items: [{ type: 'link', label: 'Setup', href: '/docs/guides/setup', docId: 'guides/setup', badge: 'GET' }] },
    ];
    const { files } = generateRouteModules([], { docs: sidebar }, {} as SiteData);
    const module = files.find((f) => f.rel === 'sidebars/docs.js')?.contents ?? '';
    const json = JSON.parse(JSON.parse(/JSON\.parse\((".*")\)/s.exec(module)?.[1] ?? '""')) as SidebarItem[];
    expect(json).toEqual([
      { type: 'link', label: 'Intro', href: '/docs/intro' },
      { type: 'category', label: 'Guides', collapsed: true, items: [{ type: 'link', label: 'Setup', href: '/docs/guides/setup', badge: 'GET' }] },
    ]);
  });
});
