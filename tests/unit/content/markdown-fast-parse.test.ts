import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusFiles } from '../../../src/bench/corpus.ts';
import { compileMdx } from '../../../src/content/compile.ts';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';
import { parseMarkdownOnly } from '../../../src/content/markdown-fast-parse.ts';
import { escapeExplicitIds } from '../../../src/content/plugins/heading-ids.ts';
import { registerLanguages } from '../../../src/content/prism.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Everything a page gets from compiling: the body, its headings (TOC, anchors) and its links (link check). */
async function outputs(body: string, parser: 'auto' | 'mdx') {
  const { code, headings, links, diagnostics } = await compileMdx(body, 'docs/page.mdx', { parser });
  return { code, headings, links, diagnostics };
}

const readsFast = (body: string): boolean => parseMarkdownOnly(escapeExplicitIds(body)) !== undefined;

/** Fragments real pages are made of, and the edge cases where CommonMark readers tend to disagree. */
const BLOCKS = [
  '# Title',
  '## Sub {#custom-id}',
  '### Third *em*',
  'Setext\n===',
  'Two\nline setext\n---',
  '- a',
  '- b\n- c',
  '  - nested',
  '1. one',
  '2) two',
  '3. three\n\n   more',
  '0. zero',
  '+ plus',
  '- a\n+ b',
  '> quote',
  '> - q list',
  '> # h in quote',
  '>',
  '',
  '```js\nconst a = 1;\n```',
  '```\nplain\n```',
  '~~~ts title="x.ts"\nlet b: number;\n~~~',
  '````\n```\ninner\n```\n````',
  '```\nunclosed fence',
  '| a | b |\n| - | :-: |\n| 1 | 2 |',
  '| x |\n|--:|\n| `c\\|d` |',
  '| *a* | [l](/x) |\n|---|---|\n| [l](/x) | ![i](/i.png) |',
  '| a |\n| - |\n| 1 | 2 | 3 |',
  'a | b\n--|--\n1 | 2',
  ':::note\nBody\n:::',
  ':::tip[Own *title*]\n- a\n:::',
  '::::warning\n:::info\nin\n:::\n::::',
  ':::note\n```\n:::\n```\n:::',
  ':::danger[]\nempty title\n:::',
  '- :::note\n  in item\n  :::',
  '> :::tip\n> quoted\n> :::',
  '***',
  '* * *',
  '___',
  'Text *em* **strong** `code` [l](/a "t") ![i](/p.png "pic")',
  'a\\\nb',
  'a  \nb',
  '~~del~~ x',
  '- [ ] todo',
  '- [x] done',
  '* [X] Done big',
  '- [ ]',
  '- [x]\ttab',
  '- [x] a\n  - [ ] b',
  '1. [ ] ordered task',
  '- \n  [ ] later',
  '    indented four',
  '\tindented tab',
  'Line\n    four-space continuation',
  '- item\n\n      deep',
  '_a_b c_',
  '**a*b',
  '***bold em***',
  '*a **b** c*',
  '[a]',
  '[a [b] c](/x)',
  '[a](/x) [a](/x)',
  '[`code` *e*](</y z>)',
  '&amp; &copy; &#65; &bogus;',
  '\\*x\\* \\_y\\_',
  '\\# not heading',
  'para\nlazy line',
  'x\n- list after para',
  'x\n2. two after para',
  'x\n> quote after para',
  'x\n***',
  '- a\n\n- b',
  '-\n  x',
  '1. a\n   1. b\n      1. c',
  '* tight\n* list\n\n  loose?',
  '- a\n  ```\n  code in item\n  ```',
  '> ```\n> q code\n> ```',
  '#NoSpace',
  '#  Spaced  #',
  '## Trailing #s ###',
  'snake_case_word',
  '2 * 3 * 4',
  '`` a ` b ``',
  '`unclosed code',
  '[empty]()',
  '[link](/x (paren))',
  '![](/empty-alt.png)',
  '[![img](/i.png)](/target)',
  'Ends with backslash\\',
  'ratio 4.5:1',
  'see https://example.com',
  'x <b>tag</b>',
  'an {expression}',
  'import X from "y"',
  'note[^1]\n\n[^1]: text',
  '[ref]\n\n[ref]: /target',
  'mail a@b.co',
];

describe('markdown-it reading of Markdown-only pages (markdown-fast-parse)', () => {
  beforeAll(() => registerLanguages(['markup-templating', 'liquid', 'php']));

  it('gives the same body, headings and links as the MDX parser on every page of the portal and the fixtures', async () => {
    const files = await fg(['site/**/*.{md,mdx}', 'tests/fixtures/**/*.{md,mdx}'], { cwd: root, absolute: true });
    let fast = 0;
    for (const file of files) {
      const body = parseFrontMatter(await fs.readFile(file, 'utf8'), file).body;
      if (!readsFast(body)) continue;
      fast++;
      expect(await outputs(body, 'auto'), path.relative(root, file)).toEqual(await outputs(body, 'mdx'));
    }
    // Most real pages are plain Markdown; if this drops, a change made the fast reader give up on them.
    expect(fast).toBeGreaterThan(files.length * 0.8);
  });

  it('reads every page of the benchmark corpus, with the same output', async () => {
    const pages = Object.entries(corpusFiles(40)).filter(([rel]) => rel.endsWith('.mdx'));
    for (const [rel, text] of pages) {
      const body = parseFrontMatter(text, rel).body;
      expect(readsFast(body), rel).toBe(true);
      expect(await outputs(body, 'auto'), rel).toEqual(await outputs(body, 'mdx'));
    }
  });

  it('agrees with the MDX parser on random documents whenever it reads them', async () => {
    const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ');
    const document = fc
      .array(fc.tuple(indent, fc.constantFrom(...BLOCKS), fc.constantFrom('\n', '\n\n')), {
        minLength: 1,
        maxLength: 8,
      })
      .map((parts) =>
        parts
          .map(
            ([pad, block, gap]) =>
              block
                .split('\n')
                .map((l) => pad + l)
                .join('\n') + gap,
          )
          .join(''),
      );
    let read = 0;
    await fc.assert(
      fc.asyncProperty(document, async (body) => {
        if (!readsFast(body)) return;
        const mdx = await outputs(body, 'mdx');
        if (mdx.diagnostics.length > 0) return;
        read++;
        expect(await outputs(body, 'auto')).toEqual(mdx);
      }),
      { numRuns: 400 },
    );
    expect(read).toBeGreaterThan(50);
  });

  it('leaves to the MDX parser whatever MDX reads differently from CommonMark, or it does not mirror', () => {
    for (const body of [
      'Hello <Badge />',
      'Sum: {1 + 1}',
      'import X from "./x.js"\n\n<X />',
      '| x |\n|--:|\n| `c\\|d` |\nimport X from "y"\n',
      'export const a = 1',
      'A ratio of 4.5:1',
      'Visit https://example.com today',
      'Visit www.example.com',
      'Write to team@example.com',
      'A note.[^1]\n\n[^1]: The note.',
      'See [the guide][g].\n\n[g]: /docs/guide',
      '~single tilde~',
      '    # indented heading',
      'Paragraph\n    - indented list',
      '```js\nunclosed',
      '| a |\n| - |\n| 1 | 2 |',
      // A table right below a list: micromark keeps its rows in the list's lazy text (a property test counterexample).
      '- a\n+ b\n  | x |\n  |--:|\n  | `c\\|d` |\n| *a* | [l](/x) |\n|---|---|\n| [l](/x) | ![i](/i.png) |\n# Title\n',
      '- \n  [ ] not a task',
      ':::details\nx\n:::',
      ':::note\nunclosed',
      'a\r\nb',
      'A :abbr[text] directive',
    ]) {
      expect(readsFast(body), JSON.stringify(body)).toBe(false);
    }
  });

  it('reports each link at the line and column it is written at, also in tables and when repeated', async () => {
    const body =
      "\nIntro [one](/a) and [one](/a).\n\n| A | B |\n| - | - |\n| [x](/b) | [x](/b) ![i](/c.png) |\n\n- item with [two](/d 't')\n  on [lines](/e)\n";
    expect(readsFast(body)).toBe(true);
    const { links } = await outputs(body, 'auto');
    expect(links.map((l) => [l.url, l.line, l.column, l.kind])).toEqual([
      ['/a', 2, 7, 'link'],
      ['/a', 2, 21, 'link'],
      ['/b', 6, 3, 'link'],
      ['/b', 6, 13, 'link'],
      ['/c.png', 6, 21, 'image'],
      ['/d', 8, 13, 'link'],
      ['/e', 9, 6, 'link'],
    ]);
    expect(links).toEqual((await outputs(body, 'mdx')).links);
  });
});
