import { describe, expect, it } from 'vitest';
import { routeStage } from '../../helpers/route-stage.ts';

const doc = (title: string, frontMatter = '') => `---\ntitle: ${title}\n${frontMatter}---\n\nText.\n`;

describe('the route table', () => {
  it('holds one route per page, doc and the 404 page, in that order, with their kinds and templates', async () => {
    const { table, report } = await routeStage({
      docs: { 'intro.md': doc('Introduction'), 'guides/setup.mdx': doc('Setup') },
      pages: { 'index.tsx': '', 'about.md': '# About\n' },
    });
    expect(report).toBe('');
    expect(table.routes.map((r) => `${r.path} ${r.kind} ${r.template} "${r.page.title}"`)).toMatchInlineSnapshot(`
      [
        "/ page PlainPage "Portal"",
        "/about page PlainPage "About"",
        "/docs/intro doc DocPage "Introduction"",
        "/docs/guides/setup doc DocPage "Setup"",
        "/404 not-found NotFoundPage "Page Not Found"",
      ]
    `);
    expect(table.byPath.get('/docs/intro')?.file).toBe('/project/site/docs/intro.md');
  });

  it('links each doc to its neighbours in the sidebar', async () => {
    const { table } = await routeStage({
      docs: { 'a.md': doc('A'), 'b.md': doc('B'), 'c.md': doc('C') },
      sidebars: { docs: ['c', 'a', 'b'] },
    });
    const around = (p: string) => {
      const page = table.byPath.get(p)?.page;
      return `${page?.prev?.title ?? '-'} < ${page?.title} > ${page?.next?.title ?? '-'}`;
    };
    expect(['/docs/c', '/docs/a', '/docs/b'].map(around)).toEqual(['- < C > A', 'C < A > B', 'A < B > -']);
  });

  it('warns on a duplicate route naming every source, keeps the first and builds on', async () => {
    const { table, report } = await routeStage({
      docs: { 'intro.md': doc('Introduction') },
      pages: { 'docs/intro.md': '# Another intro\n' },
    });
    expect(report).toMatchInlineSnapshot(`
      "site/docs/intro.md
        warning duplicate route "/docs/intro": 2 sources; the first is kept and the others are not built  (site/docs/intro.md) [route-duplicate]
            - 1. page "Another intro" site/pages/docs/intro.md
            - 2. doc "Introduction" site/docs/intro.md
            hint: give one of them a different file name or \`slug:\` in its front matter
      1 warning"
    `);
    expect(table.byPath.get('/docs/intro')?.kind).toBe('page');
  });

  it('warns on two routes that differ only by case: one folder on macOS and Windows', async () => {
    const { table, report } = await routeStage({
      docs: {
        'one.md': doc('One', 'slug: /guides/Extra-Page\n'),
        'two.md': doc('Two', 'slug: /guides/extra-page\n'),
      },
    });
    expect(report).toMatchInlineSnapshot(`
      "site/docs/two.md
        warning duplicate route "/docs/guides/Extra-Page" (paths that differ only by case are one folder on macOS and Windows): 2 sources; the first is kept and the others are not built  (site/docs/two.md) [route-duplicate]
            - 1. doc "One" at /docs/guides/Extra-Page site/docs/one.md
            - 2. doc "Two" at /docs/guides/extra-page site/docs/two.md
            hint: give one of them a different file name or \`slug:\` in its front matter
      1 warning"
    `);
    expect(table.routes.filter((r) => r.path.toLowerCase() === '/docs/guides/extra-page')).toHaveLength(1);
  });

  it('refuses a doc slug with "..", naming the file and the line of `slug:`', async () => {
    const { table, report } = await routeStage({
      docs: { 'intro.md': doc('Introduction'), 'escape.mdx': doc('Escape', 'slug: ../../../../escaped-page\n') },
    });
    expect(report).toMatchInlineSnapshot(`
      "site/docs/escape.mdx
        error the route "/docs/../../../../escaped-page" of doc "escape" cannot be written: it contains a ".." or "." segment, which would leave its folder (or the site root)  (site/docs/escape.mdx:3) [route-path-unsafe]
            hint: give \`slug:\` a path of plain names inside the docs, e.g. \`slug: /guides/setup\`
      1 error"
    `);
    expect(table.routes.map((r) => r.path)).not.toContainEqual(expect.stringContaining('escaped'));
  });

  it('refuses a page whose file name Windows reserves', async () => {
    const { report } = await routeStage({ pages: { 'aux.md': '# Aux\n' } });
    expect(report).toMatchInlineSnapshot(`
      "site/pages/aux.md
        error the route "/aux" of page "Aux" cannot be written: "aux" is a device name Windows reserves  (site/pages/aux.md) [route-path-unsafe]
            hint: rename the file
      1 error"
    `);
  });
});
