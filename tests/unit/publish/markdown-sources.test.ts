import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';
import { docMarkdown, docMarkdownOf, sourceBody } from '../../../src/publish/markdown-sources.ts';
import type { Route } from '../../../src/routes/route.ts';

const route = (title: string, description?: string): Route => ({
  path: '/docs/x',
  kind: 'doc',
  template: 'DocPage',
  body: { type: 'none' },
  links: [],
  unlisted: false,
  file: '/s/docs/x.md',
  page: { path: '/docs/x', kind: 'doc', title, toc: [], ...(description ? { description } : {}) },
});

describe('Markdown sources (issue 7)', () => {
  it('cuts the front matter off as the content loader does, valid YAML or not', () => {
    const sources = [
      '---\ntitle: A\n---\n\nBody.\n',
      '---\r\ntitle: A\r\n---\r\nBody.\r\n',
      '---  \ntitle: A\n---\t\n# Heading\n',
      '---\ntitle: [unclosed\n---\nBody after bad YAML.\n',
      '---\n- a list\n---\nBody after a list.\n',
      '---\ntitle: A\n---',
      '---\n\n---\nEmpty front matter.\n',
      '---\ntitle: A\n',
      'No front matter.\n---\ntitle: no\n---\n',
      '\n---\ntitle: A\n---\nA blank line first.\n',
      '',
      '   \n\n',
      `---\nbig: ${'x'.repeat(70 * 1024)}\n---\nBody after an oversized block.\n`,
    ];
    for (const text of sources) expect(sourceBody(text)).toBe(parseFrontMatter(text, '/s/docs/x.md').body.trim());
  });

  it('heads a doc with its title and description unless the text before the first code block has a # heading', () => {
    expect(docMarkdown(route('T', 'D.'), '---\ntitle: T\n---\nBody.\n')).toBe('# T\n\nD.\n\nBody.\n');
    expect(docMarkdown(route('T'), '# Own title\n\nBody.\n')).toBe('# Own title\n\nBody.\n');
    expect(docMarkdown(route('T'), 'Intro.\n```sh\n# a comment\n```\n')).toBe(
      '# T\n\nIntro.\n```sh\n# a comment\n```\n',
    );
  });

  it('makes each doc Markdown once however often it is asked for, and none for other routes', () => {
    let reads = 0;
    const markdownOf = docMarkdownOf(() => {
      reads++;
      return 'Body.';
    });
    const doc = route('T');
    expect(markdownOf(doc)).toBe('# T\n\nBody.\n');
    expect(markdownOf(doc)).toBe('# T\n\nBody.\n');
    expect(reads).toBe(1);
    expect(markdownOf({ ...doc, kind: 'page' })).toBeUndefined();
  });
});
