import { describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/content/compile.ts';

describe('heading ids (issue 14)', () => {
  it('caps the id of a kilobyte-long heading; two such headings alike at the start still get different ids', async () => {
    const long = `A heading ${'that goes on and on '.repeat(200)}`;
    const compiled = await compileMdx(`## Short one\n\n## ${long}\n\n## ${long} differently\n`, 'docs/long.mdx');
    expect(compiled.diagnostics).toEqual([]);
    const ids = compiled.headings.map((h) => h.id);
    expect(ids[0]).toBe('short-one');
    expect(ids.slice(1).every((id) => id.length <= 80 && /^a-heading-that-goes-on.*-[0-9a-f]{8}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(compiled.code).toContain(ids[1]);
  });

  it('leaves a heading with an explicit id inside a code block as written', async () => {
    const source = '## Real {#real-id}\n\n```md\n## Sample {#sample-id}\n```\n';
    const compiled = await compileMdx(source, 'docs/ids.md');
    expect(compiled.headings.map((h) => h.id)).toEqual(['real-id']);
    expect(compiled.code).toContain('Sample {#sample-id}');
    expect(compiled.code).not.toContain('\\\\{#sample-id');
    const mdx = await compileMdx(source, 'docs/ids.mdx', { parser: 'mdx' });
    expect(mdx.code).not.toContain('\\\\{#sample-id');
  });
});
