import { describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/content/compile.ts';
import { markedLines } from '../../../src/content/plugins/highlight.ts';

describe('markedLines', () => {
  it("reads the fence's line numbers and ranges", () => {
    expect([...markedLines('a\nb\nc\nd\ne', 'title="x.js" {1,3-4}').lines]).toEqual([1, 3, 4]);
    expect(markedLines('a', '').lines.size).toBe(0);
  });

  it('reads highlight comments in the common styles and takes them out of the code', () => {
    const code = [
      '// highlight-next-line',
      'a',
      'b',
      '# highlight-start',
      'c',
      'd',
      '<!-- highlight-end -->',
      'e',
      '/* highlight-next-line */',
      'f',
    ].join('\n');
    expect(markedLines(code, '')).toEqual({ code: 'a\nb\nc\nd\ne\nf', lines: new Set([1, 3, 4, 6]) });
  });

  it('leaves a comment that only mentions the words', () => {
    const code = 'const note = "// highlight-next-line";\nx';
    expect(markedLines(code, '')).toEqual({ code, lines: new Set() });
  });
});

describe('marked lines in a compiled page', () => {
  it('wrap each marked line, also one a token spans, and leave other blocks as they were', async () => {
    for (const file of ['docs/a.md', 'docs/a.mdx']) {
      const marked = await compileMdx('```js {2}\nconst a = `x\ny`;\nconst b = 1;\n```\n', file);
      expect(marked.diagnostics, file).toEqual([]);
      // Line 2 is inside the template string: its token is cut in two, the second part inside the marked line.
      expect(marked.code.match(/code-line-marked/g), file).toHaveLength(1);
      const plain = await compileMdx('```js\nconst a = `x\ny`;\nconst b = 1;\n```\n', file);
      expect(plain.code, file).not.toContain('code-line-marked');
    }
    const magic = await compileMdx('```bash\n# highlight-next-line\nnpm install\n```\n', 'docs/b.md');
    expect(magic.code).toContain('code-line-marked');
    expect(magic.code).not.toContain('highlight-next-line');
  });

  it('number every line with showLineNumbers, from 1 or from the number given, as data the stylesheet shows', async () => {
    for (const file of ['docs/c.md', 'docs/c.mdx']) {
      const numbered = await compileMdx('```bash showLineNumbers {2}\necho a\necho b\n```\n', file);
      // The module holds the tree as escaped JSON: `\"data-line\":1`.
      const lines = (code: string) => [...code.matchAll(/code-line( code-line-marked)?\\",\\"data-line\\":(\d+)/g)];
      expect(
        lines(numbered.code).map((m) => [m[2], Boolean(m[1])]),
        file,
      ).toEqual([
        ['1', false],
        ['2', true],
      ]);
      const from = await compileMdx('```bash showLineNumbers=9\necho a\necho b\n```\n', file);
      expect(
        lines(from.code).map((m) => m[2]),
        file,
      ).toEqual(['9', '10']);
    }
  });
});
