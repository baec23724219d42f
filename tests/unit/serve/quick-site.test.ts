import { describe, expect, it } from 'vitest';
import { firstHeading } from '../../../src/serve/quick-site.ts';

// The title a fresh start's first page gives a doc without `title:` before the doc is compiled: its first `#` line.
describe('firstHeading', () => {
  it('takes the first level-1 heading, its closing hashes, explicit id and inline markup taken off', () => {
    expect(firstHeading('\nSome text.\n\n# The *best* `page` [here](/x) ##\n\n# Second\n')).toBe('The best page here');
    expect(firstHeading('# Setup {#setup-id}\n')).toBe('Setup');
    expect(firstHeading('   # Indented three spaces\n')).toBe('Indented three spaces');
  });

  it('skips headings inside code fences, deeper headings and lines that are not headings', () => {
    const body = '## Not this\n\n```md\n# Not in code\n```\n\n~~~\n# Nor here\n~~~\n\n#hashtag\n\n# This one\n';
    expect(firstHeading(body)).toBe('This one');
    expect(firstHeading('````\n```\n# inside\n````\n# After\n')).toBe('After');
  });

  it('gives nothing when there is no heading or it is empty', () => {
    expect(firstHeading('Just a paragraph.\n')).toBeUndefined();
    expect(firstHeading('#   \n')).toBeUndefined();
  });
});
