import { describe, expect, it } from 'vitest';
import { generateRouteModules } from '../../../src/bundle/route-modules.ts';
import { staticContentModule } from '../../../src/content/static-content-module.ts';
import type { Route } from '../../../src/routes/route.ts';
import type { PageData, SidebarItem, SiteData } from '../../../templates/shared/types.ts';

describe('generated sidebar modules', () => {
  it('carry what pages render (labels, links, badges, categories) but not the build-only doc ids', () => {
    const sidebar: SidebarItem[] = [
      { type: 'link', label: 'Intro', href: '/docs/intro', docId: 'intro' },
      {
        type: 'category',
        label: 'Guides',
        collapsed: true,
        items: [{ type: 'link', label: 'Setup', href: '/docs/guides/setup', docId: 'guides/setup', badge: 'GET' }],
      },
    ];
    const { files } = generateRouteModules([], { docs: sidebar }, {} as SiteData);
    const module = files.find((f) => f.rel === 'sidebars/docs.js')?.contents ?? '';
    const json = JSON.parse(JSON.parse(/JSON\.parse\((".*")\)/s.exec(module)?.[1] ?? '""')) as SidebarItem[];
    expect(json).toEqual([
      { type: 'link', label: 'Intro', href: '/docs/intro' },
      {
        type: 'category',
        label: 'Guides',
        collapsed: true,
        items: [{ type: 'link', label: 'Setup', href: '/docs/guides/setup', badge: 'GET' }],
      },
    ]);
  });
});

describe('generated route modules (issue 17 item 3)', () => {
  const route = (path: string, code: string): Route => ({
    path,
    kind: 'doc',
    template: 'DocPage',
    body: { type: 'mdx', code },
    page: { path, kind: 'doc', title: path } as PageData,
    links: [],
    unlisted: false,
  });

  it('give a Markdown-only page a first-visit module without its body, whose Content adopts the HTML', () => {
    const markdownOnly = staticContentModule([['p', 0, 'Hello']]);
    const withJsx =
      'import { jsx } from "react/jsx-runtime";\nexport default function MDXContent() { return jsx("p", { children: "Hi" }); }\n';
    const { files, entries } = generateRouteModules(
      [route('/docs/plain', markdownOnly), route('/docs/rich', withJsx)],
      {},
      {} as SiteData,
    );
    const [plain, rich] = entries;
    expect(rich?.firstVisitRel).toBeUndefined();
    expect(plain?.firstVisitRel).toBe('routes/r0-docs_plain.first.jsx');
    const full = files.find((f) => f.rel === plain?.rel)?.contents ?? '';
    const first = files.find((f) => f.rel === plain?.firstVisitRel)?.contents ?? '';
    expect(full).toMatch(/export \{ default as Content \} from "\.\.\/mdx\/[0-9a-f]{16}\.jsx";/);
    expect(first).not.toContain('/mdx/');
    expect(first).toContain('export const Content = pageKit.ServerRenderedContent;');
    // Everything else is the same: page data and template.
    expect(first.split('\n').filter((l) => !l.includes('Content'))).toEqual(
      full.split('\n').filter((l) => !l.includes('Content')),
    );
  });
});
