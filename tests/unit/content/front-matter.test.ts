import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';

describe('front matter', () => {
  it('reads Docusaurus keys and blanks the block so body lines keep their numbers', () => {
    const r = parseFrontMatter(
      '---\ntitle: Filters\ntags: [liquidjs, themes]\nsidebar_position: 2\n---\n# Filters\n',
      'f.mdx',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.frontMatter).toMatchObject({ title: 'Filters', tags: ['liquidjs', 'themes'], sidebar_position: 2 });
    expect(r.body.split('\n')[5]).toBe('# Filters');
  });
  it('returns nothing for a file without front matter', () => {
    expect(parseFrontMatter('# Hi', 'f.md')).toEqual({ frontMatter: {}, body: '# Hi', diagnostics: [] });
  });
  it('reports YAML syntax errors with the file line', () => {
    const r = parseFrontMatter('---\ntitle: ok\nbad: [1, 2\n---\n', 'f.mdx');
    expect(r.diagnostics[0]).toMatchObject({ code: 'front-matter-invalid', file: 'f.mdx' });
    // The line of the unclosed `[`, counted in the file (`---` is line 1), not always the first YAML line.
    expect(r.diagnostics[0]?.line).toBe(3);
    const dup = parseFrontMatter('---\ntitle: ok\ndescription: x\ntitle: again\n---\n', 'f.mdx');
    expect(dup.diagnostics[0]).toMatchObject({ line: 4, message: expect.stringMatching(/unique/) });
  });
  it('reports a wrong type at the line of its key', () => {
    const r = parseFrontMatter('---\ntitle: ok\ndraft: maybe\n---\n', 'f.mdx');
    expect(r.diagnostics[0]).toMatchObject({ line: 3 });
    expect(r.diagnostics[0]?.message).toContain('"draft"');
  });
  it('refuses alias bombs instead of expanding them', () => {
    const bomb =
      'a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c]';
    const r = parseFrontMatter(`---\n${bomb}\n---\n`, 'f.mdx');
    expect(r.diagnostics[0]?.message).toMatch(/alias/i);
  });
});
