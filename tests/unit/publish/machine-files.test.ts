import { describe, expect, it } from 'vitest';
import { buildMachineFiles } from '../../../src/publish/index.ts';
import type { PortalConfig } from '../../../src/config/schema.ts';
import type { Route } from '../../../src/routes/route.ts';
import type { SiteData } from '../../../templates/shared/types.ts';

const route = (
  path: string,
  kind: Route['kind'],
  extra: Partial<Route> = {},
  // Loose on purpose: a test page carries only the fields (and the parts of its data) the code under test reads.
  page: Partial<Omit<Route['page'], 'data'>> & { data?: unknown } = {},
): Route => ({
  path,
  kind,
  template: 'DocPage',
  body: { type: 'none' },
  links: [],
  unlisted: false,
  ...extra,
  page: { path, kind, title: path, toc: [], ...page } as Route['page'],
});

const routes: Route[] = [
  route('/', 'page', {}, { title: 'Home' }),
  route(
    '/docs/b',
    'doc',
    { file: '/s/docs/b.md' },
    { title: 'B & more', description: 'About\nB.', sidebarId: 'guides', lastUpdated: '2024-05-01T10:00:00+00:00' },
  ),
  route('/docs/a', 'doc', { file: '/s/docs/a.md' }, { title: 'A', sidebarId: 'guides' }),
  route('/docs/hidden', 'doc', { file: '/s/docs/hidden.md', unlisted: true }, { title: 'Hidden' }),
  route('/docs/1.0/a', 'doc', { file: '/s/versioned/a.md' }, { title: 'Old A', sidebarId: 'guides' }),
  route(
    '/docs/api/get-order',
    'api-operation',
    {},
    { title: 'Retrieve an order', description: 'Returns one order.', sidebarId: 'api' },
  ),
  route('/docs/tags/x', 'tag'),
  route('/404', 'not-found', { unlisted: true }),
];
const sources: Record<string, string> = {
  '/s/docs/a.md': '---\ntitle: A\n---\n\nBody of A with no heading.\n',
  '/s/docs/b.md': '---\ntitle: B\n---\n\n# B & more\n\nBody of B.\n',
  '/s/docs/hidden.md': '# Hidden\n\nzeppelin\n',
  '/s/versioned/a.md': '# Old A\n',
};
const config = {
  title: 'Shop',
  tagline: 'Find things',
  url: 'https://shop.example/',
  baseUrl: '/site/',
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
} as unknown as PortalConfig;
const site = {
  navbar: {
    items: [{ type: 'link', label: 'Guides', href: '/docs/a', external: false, position: 'left', sidebarId: 'guides' }],
  },
  versions: [
    { name: 'current', label: 'Next', base: '/docs', isLast: true, mainDocPath: '/docs/a' },
    { name: '1.0', label: '1.0', base: '/docs/1.0', isLast: false, mainDocPath: '/docs/1.0/a' },
  ],
} as unknown as SiteData;
const sidebars = {
  guides: [
    { type: 'link' as const, label: 'A', href: '/docs/a' },
    { type: 'link' as const, label: 'B', href: '/docs/b' },
  ],
};

const files = buildMachineFiles({ routes, config, site, sidebars, sourceOf: (f) => sources[f] });
const file = (p: string) => {
  const f = files.find((x) => x.path === p);
  if (!f) throw new Error(`no ${p}; have ${files.map((x) => x.path).join(', ')}`);
  return String(f.contents);
};

describe('files for machines (issue 7)', () => {
  it('lists every public route in sitemap.xml by absolute URL, with escaped XML and git dates', () => {
    const xml = file('sitemap.xml');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://shop.example/site/',
      'https://shop.example/site/docs/b',
      'https://shop.example/site/docs/a',
      'https://shop.example/site/docs/1.0/a',
      'https://shop.example/site/docs/api/get-order',
      'https://shop.example/site/docs/tags/x',
    ]);
    expect(xml).toContain(
      '<url><loc>https://shop.example/site/docs/b</loc><lastmod>2024-05-01T10:00:00+00:00</lastmod></url>',
    );
    // Well formed: every element closed, nothing unescaped.
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    expect(xml.replace(/<[^>]+>/g, '')).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('percent-encodes a path from a file name with a space, an accent or a percent sign, in the sitemap and in llms.txt', () => {
    const named = [
      route('/docs/with space/café 100%', 'doc', { file: '/s/docs/x.md' }, { title: 'X', sidebarId: 'guides' }),
    ];
    const made = buildMachineFiles({ routes: named, config, site, sidebars, sourceOf: () => '# X\n' });
    const text = (p: string) => String(made.find((f) => f.path === p)?.contents);
    expect(text('sitemap.xml')).toContain('<loc>https://shop.example/site/docs/with%20space/caf%C3%A9%20100%25</loc>');
    // A raw space would end the Markdown link.
    expect(text('llms.txt')).toContain('- [X](https://shop.example/site/docs/with%20space/caf%C3%A9%20100%25.md)');
    expect(text('llms-full.txt')).toContain(
      '<!-- Source: https://shop.example/site/docs/with%20space/caf%C3%A9%20100%25 -->',
    );
  });

  it('points robots.txt at the sitemap of every locale', () => {
    expect(file('robots.txt')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://shop.example/site/sitemap.xml\nSitemap: https://shop.example/site/fr/sitemap.xml\n',
    );
    expect(
      buildMachineFiles({ routes, config, site, sidebars, sourceOf: (f) => sources[f], locale: 'fr' }).some(
        (f) => f.path === 'robots.txt',
      ),
    ).toBe(false);
  });

  it('writes llms.txt: title, summary, a section per sidebar in sidebar order, docs by their Markdown source', () => {
    expect(file('llms.txt')).toBe(`# Shop

> Find things

Documentation of Shop. Every doc below links to its Markdown source; all of them in one file: https://shop.example/site/llms-full.txt

## Guides

- [A](https://shop.example/site/docs/a.md)
- [B & more](https://shop.example/site/docs/b.md): About B.

## Pages

- [Home](https://shop.example/site/)

## Api

- [Retrieve an order](https://shop.example/site/docs/api/get-order): Returns one order.
`);
  });

  it('publishes each doc as Markdown beside its page, front matter out and the title as a heading', () => {
    expect(file('docs/a.md')).toBe('# A\n\nBody of A with no heading.\n');
    expect(file('docs/b.md')).toBe('# B & more\n\nBody of B.\n');
    const full = file('llms-full.txt');
    expect(full).toContain('<!-- Source: https://shop.example/site/docs/a -->\n\n# A\n\nBody of A with no heading.\n');
    expect(full).not.toContain('zeppelin'); // unlisted
    expect(full).not.toContain('Old A'); // an older docs version
  });
});
