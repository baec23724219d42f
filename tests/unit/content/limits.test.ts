import { describe, expect, it } from 'vitest';
import { checkSourceLimits, checkTreeDepth, LIMITS } from '../../../src/content/limits.ts';

// issue 8: deep nesting and huge files fail before the MDX compiler sees them, with the line, in milliseconds.

const FILE = '/site/docs/page.md';
const check = (text: string) => checkSourceLimits(text, FILE);
const timed = <T>(fn: () => T): { value: T; ms: number } => {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
};

describe('checkSourceLimits', () => {
  it('accepts ordinary pages: lists, quotes, code, thematic breaks', () => {
    const page = [
      '# Title',
      '',
      '- a',
      '  - b',
      '    1. c',
      '',
      '> quote',
      '> > nested',
      '',
      '* * *',
      '',
      '```js',
      '        deeply.indented(code);',
      '```',
      '',
      '10) ten',
    ].join('\n');
    expect(check(page)).toEqual([]);
    expect(check(`${'- '.repeat(LIMITS.maxContainerDepth)}x`)).toEqual([]);
  });

  it.each([
    ['100,000 quote markers', `# T\n\n${'>'.repeat(100_000)} deep\n`, 3, 'blockquotes nested 100000 levels deep'],
    ['spaced quote markers', `# T\n\n${'> '.repeat(100_000)}deep\n`, 3, 'blockquotes nested 100000 levels deep'],
    [
      '2,000 bullets on one line',
      `${'- '.repeat(2000)}x`,
      1,
      'lists and blockquotes nested 2000 levels deep on one line',
    ],
    [
      '2,000 ordered markers on one line',
      `a\n${'1. '.repeat(2000)}x`,
      2,
      'lists and blockquotes nested 2000 levels deep on one line',
    ],
    ['bullets after tabs', `${'+\t'.repeat(2000)}x`, 1, 'lists and blockquotes nested 2000 levels deep on one line'],
    ['lists inside quotes', `${'1) > '.repeat(1000)}x`, 1, 'blockquotes nested 1000 levels deep'],
    [
      'a list nested by indentation',
      Array.from({ length: 2000 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n'),
      101,
      'line indented 201 columns',
    ],
  ])('refuses %s at its line', (_label, text, line, message) => {
    const { value, ms } = timed(() => check(text));
    expect(value).toHaveLength(1);
    expect(value[0]).toMatchObject({ severity: 'error', code: 'content-too-deep', file: FILE, line });
    expect(value[0]?.message).toContain(message);
    expect(value[0]?.hint).toContain('flatten the nesting');
    expect(ms).toBeLessThan(1_000);
  });

  it('refuses a file over 2 MB, quickly', () => {
    const { value, ms } = timed(() => check(`# Big\n\n${'word '.repeat(1_100_000)}`));
    expect(value[0]).toMatchObject({
      code: 'content-too-large',
      file: FILE,
      line: 1,
      message: 'file is 5.2 MB; the limit is 2 MB',
    });
    expect(ms).toBeLessThan(1_000);
  });

  it('counts bytes, not characters', () => {
    expect(check('é'.repeat(1_100_000))[0]?.code).toBe('content-too-large');
  });
});

describe('checkTreeDepth', () => {
  interface Node {
    type: string;
    children: Node[];
    position?: { start: { line: number } };
  }
  const chain = (depth: number) => {
    const root: Node = { type: 'root', children: [] };
    let node = root;
    for (let i = 0; i < depth; i++) {
      const child: Node = { type: 'element', children: [], position: { start: { line: 3 + i } } };
      node.children.push(child);
      node = child;
    }
    return root;
  };

  it('accepts trees up to the limit and refuses deeper ones at the line where they pass it', () => {
    expect(checkTreeDepth(chain(LIMITS.maxTreeDepth), FILE)).toEqual([]);
    const [d] = checkTreeDepth(chain(5000), FILE);
    expect(d).toMatchObject({ code: 'content-too-deep', file: FILE, line: 3 + LIMITS.maxTreeDepth });
  });

  it('walks 100,000 levels without overflowing its own stack', () => {
    expect(checkTreeDepth(chain(100_000), FILE)).toHaveLength(1);
  });
});
