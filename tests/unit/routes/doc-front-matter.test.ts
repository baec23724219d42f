import { describe, expect, it } from 'vitest';
import { LIST_MAX } from '../../../src/diagnostics.ts';
import { routeStage } from '../../helpers/route-stage.ts';

// Docusaurus's front matter keys for what surrounds a doc (route-table.ts, docs.ts): pagination, the title, the edit
// link and the head's keywords and card; tests/integration/docusaurus-mdx.test.ts renders them.
const pageOf = async (docs: Record<string, string>, path: string) => {
  const { table, report } = await routeStage({
    docs,
    sidebars: { docs: ['a', 'b', 'c'] },
    config: { docs: { editUrl: 'https://git.example/edit/main/site/' } },
  });
  return { route: table.byPath.get(path), report };
};

describe("a doc's Docusaurus front matter", () => {
  it('names its neighbours, by their own pagination label, or none', async () => {
    const docs = {
      'a.md': '---\ntitle: A\npagination_next: c\n---\n\nText.\n',
      'b.md': '---\ntitle: B\npagination_prev: null\npagination_label: Bee\n---\n\nText.\n',
      'c.md': '---\ntitle: C\n---\n\nText.\n',
    };
    expect((await pageOf(docs, '/docs/a')).route?.page).toMatchObject({ next: { title: 'C', path: '/docs/c' } });
    const b = (await pageOf(docs, '/docs/b')).route?.page;
    expect(b?.prev).toBeUndefined();
    expect(b?.next).toEqual({ title: 'C', path: '/docs/c' });
    expect((await pageOf(docs, '/docs/c')).route?.page.prev).toEqual({ title: 'Bee', path: '/docs/b' });
  });

  it('leaves out a link to a draft without an error, as a sidebar does', async () => {
    const { table, report } = await routeStage({
      docs: {
        'a.md': '---\ntitle: A\npagination_next: wip\n---\n\nText.\n',
        'wip.md': '---\ntitle: WIP\ndraft: true\n---\n\nText.\n',
      },
    });
    expect(report).toBe('');
    expect(table.byPath.get('/docs/a')?.page.next).toBeUndefined();
  });

  it('hides the title it would show, sets or removes the edit link, and gives the head keywords and a card', async () => {
    const { route } = await pageOf(
      {
        'a.md':
          '---\ntitle: A\nhide_title: true\ncustom_edit_url: null\nkeywords: [alpha, beta]\nimage: /img/a.png\n---\n\nText.\n',
        'b.md': '---\ntitle: B\ncustom_edit_url: https://elsewhere.example/b.md\n---\n\nText.\n',
        'c.md': '---\ntitle: C\n---\n\nText.\n',
      },
      '/docs/a',
    );
    expect(route?.page.showTitle).toBeUndefined();
    expect(route?.page.editUrl).toBeUndefined();
    expect(route?.head).toEqual({ keywords: ['alpha', 'beta'], image: '/img/a.png' });
    expect(route?.page).not.toHaveProperty('keywords');
    const others = await routeStage({
      docs: {
        'b.md': '---\ntitle: B\ncustom_edit_url: https://elsewhere.example/b.md\n---\n',
        'c.md': '---\ntitle: C\n---\n',
      },
      config: { docs: { editUrl: 'https://git.example/edit/main/site/' } },
    });
    expect(others.table.byPath.get('/docs/b')?.page.editUrl).toBe('https://elsewhere.example/b.md');
    expect(others.table.byPath.get('/docs/c')?.page).toMatchObject({
      editUrl: 'https://git.example/edit/main/site/docs/c.md',
      showTitle: true,
    });
  });

  it('lists at most a few dozen ids when it names an unknown one', async () => {
    const docs: Record<string, string> = { 'a.md': '---\ntitle: A\npagination_next: nope\n---\n\nText.\n' };
    for (let i = 0; i < 100; i++) docs[`many/doc-${String(i).padStart(3, '0')}.md`] = `# Doc ${i}\n`;
    const { report } = await routeStage({ docs });
    expect(report).toContain('`pagination_next` names unknown doc id "nope". Available doc ids: a, many/doc-000,');
    expect(report).toContain(
      `many/doc-${String(LIST_MAX - 2).padStart(3, '0')}, … and ${101 - LIST_MAX} more  (site/docs/a.md:3)`,
    );
    expect(report.length).toBeLessThan(2000);
  });
});

describe('displayed_sidebar', () => {
  it('shows another sidebar than the one the doc is in, or none', async () => {
    const { table, report } = await routeStage({
      docs: {
        'a.md': '---\ntitle: A\ndisplayed_sidebar: null\n---\n',
        'b.md': '---\ntitle: B\n---\n',
        'c.md': '---\ntitle: C\ndisplayed_sidebar: second\n---\n',
      },
      sidebars: { first: ['a'], second: ['b'] },
    });
    expect(report).toBe('');
    expect(table.byPath.get('/docs/a')?.page.sidebarId).toBeUndefined();
    expect(table.byPath.get('/docs/b')?.page.sidebarId).toBe('second');
    expect(table.byPath.get('/docs/c')?.page.sidebarId).toBe('second');
  });

  it('names the file and line when the sidebar does not exist', async () => {
    const { report } = await routeStage({
      docs: { 'a.md': '---\ntitle: A\ndisplayed_sidebar: secnod\n---\n' },
      sidebars: { first: ['a'], second: [] },
    });
    expect(report).toContain(
      '`displayed_sidebar` names unknown sidebar "secnod". Available sidebar ids: first, second  (site/docs/a.md:3)',
    );
  });
});
