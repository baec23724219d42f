import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.ts';
import type { DocEntry } from '../../../src/routes/docs.ts';
import { buildSiteData } from '../../../src/routes/site-data.ts';

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

const resolve = (raw: Record<string, unknown>) =>
  buildSiteData({
    config: configSchema.parse({ title: 'T', url: 'https://t.example', ...raw }),
    configFile: '/site/portal.config.ts',
    docs: [doc('guides/setup', '/docs/guides/setup'), doc('intro', '/docs/intro')],
    draftIds: ['soon'],
    sidebars: { docs: [{ type: 'link', label: 'Intro', href: '/docs/intro', docId: 'intro' }] },
  });

describe('buildSiteData', () => {
  it('describes the single current docs version when the build has no others, linked at its main doc', () => {
    expect(resolve({}).site.versions).toEqual([
      {
        name: 'current',
        label: 'Current',
        base: '/docs',
        isLast: true,
        docs: [
          { id: 'guides/setup', path: '/docs/guides/setup', unlisted: false },
          { id: 'intro', path: '/docs/intro', sidebar: 'docs', unlisted: false },
        ],
        sidebars: { docs: { link: { path: '/docs/intro', label: 'Intro' } } },
        mainDocId: 'intro',
        mainDocPath: '/docs/intro',
        draftIds: ['soon'],
        banner: 'none',
      },
    ]);
    expect(resolve({ docs: { versions: { current: { label: '3.x' } } } }).site.versions[0]?.label).toBe('3.x');
  });

  it('resolves the navbar against that version: a docsVersion item links to its main doc', () => {
    const { site } = resolve({ navbar: { items: [{ type: 'docsVersion', label: 'Docs' }] } });
    expect(site.navbar.items[0]).toMatchObject({ type: 'docsVersion', href: '/docs/intro', label: 'Docs' });
  });

  it('hands the link check the navbar links, then the footer links, then the social card', () => {
    const { links } = resolve({
      navbar: { items: [{ to: '/blog', label: 'Blog' }] },
      footer: {
        links: [
          { title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }] },
          { title: 'More', items: [{ label: 'X', href: 'https://x.example' }] },
        ],
      },
      image: 'img/card.png',
    });
    expect(links).toEqual([
      { url: '/blog', where: 'navbar.items[0] (default "Blog")' },
      { url: '/docs/intro', where: 'footer.links[0].items[0]' },
      { url: 'https://x.example', where: 'footer.links[1].items[0]' },
      { url: '/img/card.png', where: 'the social card (`image`)', isImage: true },
    ]);
  });
});
