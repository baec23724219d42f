import { describe, expect, it } from 'vitest';
import { editProse, proseLines } from '../../../src/content/fenced-lines.ts';

describe('proseLines', () => {
  it('tells prose from fences and what they hold, a fence closed only by its own character and length', () => {
    const source = ['prose', '````md', '```', 'still code', '````', 'prose again', '  ~~~', '  ```', '  ~~~', 'last'];
    const isProse = proseLines();
    expect(source.map((line) => isProse(line))).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('editProse', () => {
  it('edits prose lines only, keeping every line where it was', () => {
    const source = 'a\n```\na\n```\na';
    expect(editProse(source, (line) => line.toUpperCase())).toBe('A\n```\na\n```\nA');
  });
});
