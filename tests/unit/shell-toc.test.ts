import { describe, expect, it } from 'vitest';
import { buildTocTree, pickActiveHeading } from '../../templates/shell/toc-tree.ts';

describe('table of contents tree', () => {
  it('nests level-3 headings under the level-2 heading before them', () => {
    const tree = buildTocTree([
      { depth: 3, id: 'orphan', text: 'Orphan' },
      { depth: 2, id: 'a', text: 'A' },
      { depth: 3, id: 'a1', text: 'A.1' },
      { depth: 3, id: 'a2', text: 'A.2' },
      { depth: 2, id: 'b', text: 'B' },
    ]);
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      ['orphan', []],
      ['a', ['a1', 'a2']],
      ['b', []],
    ]);
  });
});

describe('heading in view', () => {
  const tops = (values: number[]) => values.map((top, i) => ({ id: `h${i}`, top }));

  it('is the first heading below the offset when it sits in the top half of the view', () => {
    expect(pickActiveHeading(tops([-500, 80, 900]), 60, 800)).toBe('h1');
  });

  it('is the heading above when the next one is still low on the screen', () => {
    expect(pickActiveHeading(tops([-500, 500, 900]), 60, 800)).toBe('h0');
  });

  it('is none before the first heading reaches the top half, and the last one past the end', () => {
    expect(pickActiveHeading(tops([600, 900]), 60, 800)).toBeNull();
    expect(pickActiveHeading(tops([-900, -500]), 60, 800)).toBe('h1');
    expect(pickActiveHeading([], 60, 800)).toBeNull();
  });
});
