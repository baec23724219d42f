import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addHeadingIds,
  createMarkdownRenderer,
  markdownToText,
  renderMarkdown,
  renderWithMicromark,
} from '../../../src/apiref/markdown.ts';

describe('Markdown from the document (issue 8: rendered safely)', () => {
  it('sanitises raw HTML: no script, no handler, no unsafe URL (raw-html.ts)', () => {
    // The script's tags go; the text between them is the Markdown's own, shown as text.
    expect(renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)>').__html).toBe(
      '<p>Hi alert(1) <img src="x" /></p>',
    );
    expect(renderMarkdown('<div onclick="x()">block</div>').__html).toBe('<div>block</div>');
    expect(renderMarkdown('<script>\nalert(1)\n</script>\n\nafter').__html).toBe('<p>after</p>');
  });

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<b>x</b>'])(
    'drops a %s link, keeping its text',
    (url) => {
      const html = renderMarkdown(`[click](${url}) ![img](${url})`).__html;
      expect(html).toBe('<p>click img</p>');
    },
  );

  it('keeps each description’s footnotes to itself', () => {
    expect(renderMarkdown('Note[^1]\n\n[^1]: A footnote.').__html).toContain('A footnote.');
    // The next description calls a footnote it does not define: text, not a crash of the build.
    expect(renderMarkdown('See [^1] here.').__html).toBe('<p>See [^1] here.</p>');
  });

  it('keeps http(s), mailto and relative links; external ones open in a new tab', () => {
    expect(renderMarkdown('[a](https://x.example) [b](mailto:a@b.c) [c](/docs/intro)').__html).toBe(
      '<p><a href="https://x.example" target="_blank" rel="noopener noreferrer">a</a> <a href="mailto:a@b.c">b</a> <a href="/docs/intro">c</a></p>',
    );
  });

  it('renders GFM: tables, strikethrough, autolinks, task lists, fenced code', () => {
    const html = renderMarkdown(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ www.example.com\n\n- [x] done\n\n```json\n{"a": "<b>"}\n```',
    ).__html;
    expect(html).toContain('<table>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="http://www.example.com" target="_blank"');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain(
      '<div class="code-block"><pre><code class="language-json"><span class="token punctuation">{</span><span class="token property">"a"</span><span class="token operator">:</span> <span class="token string">"&lt;b&gt;"</span><span class="token punctuation">}</span></code></pre></div>',
    );
  });

  it('gives h2/h3 ids that avoid the ids the page already uses', () => {
    const { html, toc } = addHeadingIds(
      renderMarkdown('## Authentication\n\ntext\n\n### Tokens & <keys>\n\n## Authentication'),
      ['authentication'],
    );
    expect(toc).toEqual([
      { depth: 2, id: 'authentication-1', text: 'Authentication' },
      { depth: 3, id: 'tokens--keys', text: 'Tokens & <keys>' },
      { depth: 2, id: 'authentication-2', text: 'Authentication' },
    ]);
    expect(html.__html).toContain('<h3 id="tokens--keys">Tokens &amp; &lt;keys&gt;</h3>');
  });

  it("puts a description's `#` sections under the page's title, in the TOC", () => {
    const { html, toc } = addHeadingIds(renderMarkdown('# Introduction\n\ntext\n\n## Details\n\n# Errors'));
    expect(html.__html).toBe(
      '<h2 id="introduction">Introduction</h2>\n<p>text</p>\n<h3 id="details">Details</h3>\n<h2 id="errors">Errors</h2>',
    );
    expect(toc.map((t) => [t.depth, t.id])).toEqual([
      [2, 'introduction'],
      [3, 'details'],
      [2, 'errors'],
    ]);
  });

  it('keeps each description to itself: a link definition in one does not resolve in the next', () => {
    expect(renderMarkdown('See [the guide][g].\n\n[g]: /docs/guide').__html).toContain(
      '<a href="/docs/guide">the guide</a>',
    );
    expect(renderMarkdown('See [the guide][g].').__html).toBe('<p>See [the guide][g].</p>');
    expect(renderMarkdown('> quoted\nlazy line\n\nafter').__html).toBe(
      '<blockquote>\n<p>quoted\nlazy line</p>\n</blockquote>\n<p>after</p>',
    );
  });

  it('makes plain text for meta descriptions', () => {
    expect(markdownToText('The **Shop** API: see [docs](https://x).\n\nSecond paragraph.')).toBe(
      'The Shop API: see docs.',
    );
    expect(markdownToText('x'.repeat(300))?.length).toBeLessThanOrEqual(200);
  });
});

// `portal serve` builds the reference again at each save of the document: a description unchanged since the last
// build is not rendered again (0.38 s of each rebuild of the portal's reference).
describe('descriptions rendered by an earlier build of the document', () => {
  it('are taken as they were, and a changed one is rendered anew', () => {
    const text = `A description seen by two builds, *emphasised* (${Math.random()}).`;
    const first = createMarkdownRenderer()(text);
    const again = createMarkdownRenderer()(text);
    expect(again).toBe(first);
    expect(again).toEqual(renderMarkdown(text));
    const changed = createMarkdownRenderer()(`${text} Edited.`);
    expect(changed?.__html).toContain('Edited.');
  });
});

// Issue 17: a plain sentence skips micromark. Whatever the text, the HTML must be micromark's: sentences of the
// characters the shortcut takes, and of the ones next to them that mean something (list and heading markers,
// indentation, trailing spaces, entities, autolinks).
describe('the shortcut for plain sentences', () => {
  const plain = [..."abcXYZ019 ,.;'()/?%$+=-"];
  const near = [...'  \t\n*_`[]!#>|~&<>":@\\'];
  const text = (chars: string[]) => fc.string({ unit: fc.constantFrom(...chars), maxLength: 40 });

  it('gives what micromark gives', () => {
    fc.assert(
      fc.property(fc.constantFrom('', 'A', 'z'), text([...plain, ...plain, ...near]), (start, rest) => {
        expect(renderMarkdown(start + rest)).toEqual(renderWithMicromark(start + rest));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves to micromark what looks plain but is not', () => {
    for (const md of ['See www.example.com for more.', 'Note  ', '1. First', 'A  b', 'Tom & Jerry', 'Per cent 50%'])
      expect(renderMarkdown(md), md).toEqual(renderWithMicromark(md));
    expect(renderMarkdown('Unique identifier of the order.')).toEqual({
      __html: '<p>Unique identifier of the order.</p>',
    });
  });
});
