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
