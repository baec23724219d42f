import { describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/content/compile.ts';
import { legacyAdmonitionTitles } from '../../../src/content/plugins/admonitions.ts';

describe("Docusaurus's older admonition titles", () => {
  it('read `:::tip Title` as `:::tip[Title]`, brackets kept as text, code blocks left alone', () => {
    expect(legacyAdmonitionTitles(':::tip Faster builds\nBody.\n:::')).toBe(':::tip[Faster builds]\nBody.\n:::');
    expect(legacyAdmonitionTitles('  :::note See [a] here  ')).toBe('  :::note[See \\[a\\] here]');
    for (const unchanged of [':::tip', ':::tip[Title]', ':::other Title', '```\n:::note Sample\n```'])
      expect(legacyAdmonitionTitles(unchanged)).toBe(unchanged);
  });

  it('give the admonition its title in Markdown and in MDX, not `:::` lines as text', async () => {
    for (const file of ['docs/a.md', 'docs/a.mdx']) {
      const compiled = await compileMdx(':::warning Mind the *gap*\nBody.\n:::\n', file);
      expect(compiled.diagnostics, file).toEqual([]);
      expect(compiled.code, file).toContain('admonition-warning');
      expect(compiled.code, file).toContain('Mind the ');
      expect(compiled.code, file).not.toContain(':::');
    }
  });
});

describe("Docusaurus's other admonition keywords", () => {
  it('show caution as a warning and the older aliases in their styles, each with its own title', async () => {
    const cases = [
      ['caution', 'admonition-warning', 'Caution'],
      ['important', 'admonition-info', 'Important'],
      ['secondary', 'admonition-note', 'Secondary'],
      ['success', 'admonition-tip', 'Success'],
    ];
    for (const file of ['docs/a.md', 'docs/a.mdx'])
      for (const [keyword, style, title] of cases) {
        const compiled = await compileMdx(`:::${keyword}\nBody.\n:::\n`, file);
        expect(compiled.diagnostics, file).toEqual([]);
        expect(compiled.code, `${keyword} in ${file}`).toContain(style);
        // The title as a string of its own (Markdown pages hold their tree as JSON in a string).
        expect(compiled.code, `${keyword} in ${file}`).toMatch(new RegExp(`\\\\?"${title}\\\\?"`));
      }
  });

  it('keep a directive named like an object property as the text it was written as', async () => {
    const compiled = await compileMdx(':::constructor\nBody.\n:::\n', 'docs/a.mdx');
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.code).not.toContain('admonition');
    expect(compiled.code).toContain(':::constructor');
  });
});
