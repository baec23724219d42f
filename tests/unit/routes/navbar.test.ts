import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.ts';
import type { DocEntry } from '../../../src/routes/docs.ts';
import { resolveNavbar } from '../../../src/routes/navbar.ts';
import type { DocsVersion } from '../../../templates/shared/types.ts';

const doc = (id: string, path: string): DocEntry => ({
  id,
  path,
  file: `/site/docs/${id}.md`,
  rel: `${id}.md`,
  title: id,
  sidebarLabel: id,
  unlisted: false,
  source: {} as DocEntry['source'],
});

const last = { name: 'current', isLast: true, mainDocPath: '/docs/intro' } as DocsVersion;

const resolve = (items: unknown[], versions: DocsVersion[] = [last]) =>
  resolveNavbar({
    config: configSchema.parse({ title: 'T', url: 'https://t.example', navbar: { items } }),
    configFile: '/site/portal.config.ts',
    docs: [doc('guides/setup', '/docs/guides/setup'), doc('intro', '/docs/intro')],
    draftIds: ['soon'],
    sidebars: {
      docs: [
        { type: 'link', label: 'Intro', href: '/docs/intro', docId: 'intro' },
        {
          type: 'category',
          label: 'Guides',
          collapsed: false,
          items: [{ type: 'link', label: 'Setup', href: '/docs/guides/setup', docId: 'guides/setup' }],
        },
      ],
      empty: [],
    },
    versions,
  });

describe('resolveNavbar', () => {
  it("keeps each item's config path, skipping drafts without shifting the others", () => {
    const { items, diagnostics } = resolve([
      { type: 'doc', docId: 'soon' },
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs' },
      { type: 'search', position: 'right' },
    ]);
    expect(diagnostics).toEqual([]);
    expect(items.map((i) => [i.type, i.configPath])).toEqual([
      ['link', 'navbar.items[1]'],
      ['search', 'navbar.items[2]'],
    ]);
  });

  it('links a doc item to its page and a sidebar item to its first link, active under their common base', () => {
    const { items } = resolve([
      { type: 'doc', docId: 'guides/setup' },
      { type: 'docSidebar', sidebarId: 'docs' },
    ]);
    expect(items).toMatchObject([
      { type: 'link', label: 'guides/setup', href: '/docs/guides/setup', activeBase: '/docs/guides/setup' },
      { type: 'link', label: 'docs', href: '/docs/intro', activeBase: '/docs', sidebarId: 'docs' },
    ]);
  });

  it("points a docsVersion item at the last version's main doc, or the docs base without one", () => {
    expect(resolve([{ type: 'docsVersion', label: 'Docs' }]).items[0]).toMatchObject({
      type: 'docsVersion',
      href: '/docs/intro',
      label: 'Docs',
    });
    expect(resolve([{ type: 'docsVersion' }], []).items[0]).toMatchObject({ href: '/docs' });
  });

  it('collects the links the items hold, for the link check', () => {
    const { links } = resolve([
      { to: '/blog', label: 'Blog' },
      { type: 'dropdown', label: 'More', items: [{ label: 'GitHub', href: 'https://github.com' }, { label: 'None' }] },
      { type: 'docsVersion', to: '/docs/next' },
    ]);
    expect(links).toEqual([
      { url: '/blog', where: 'navbar.items[0] (default "Blog")' },
      { url: 'https://github.com', where: 'navbar.items[1] (dropdown "More") > "GitHub"' },
      { url: '/docs/next', where: 'navbar.items[2] (docsVersion)' },
    ]);
  });

  it('reports an item it cannot resolve, naming the config path and what is available, and drops it', () => {
    const { items, diagnostics } = resolve([
      { type: 'doc', docId: 'missing' },
      { type: 'docSidebar', sidebarId: 'nope' },
      { type: 'docSidebar', sidebarId: 'empty' },
      { label: 'Nowhere' },
    ]);
    expect(items).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.message])).toMatchInlineSnapshot(`
      [
        [
          "navbar-item-invalid",
          "navbar.items[0] (doc): unknown doc id "missing". Available doc ids: guides/setup, intro",
        ],
        [
          "navbar-item-invalid",
          "navbar.items[1] (docSidebar): unknown sidebar id "nope". Available sidebar ids: docs, empty",
        ],
        [
          "navbar-item-invalid",
          "navbar.items[2] (docSidebar): sidebar "empty" has nothing to link to",
        ],
        [
          "navbar-item-invalid",
          "navbar.items[3] (default "Nowhere"): a link needs \`to\` or \`href\`",
        ],
      ]
    `);
  });
});
