import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/apiref/markdown.ts';
import { rawHtmlSanitizer } from '../../../src/apiref/raw-html.ts';

const html = (markdown: string): string => renderMarkdown(markdown).__html;

describe('raw HTML in descriptions (CommonMark allows it; documents generated from code use it)', () => {
  it("keeps formatting as Stripe, httpbin and Uber's documents write it", () => {
    expect(html('<p>Returns a list of your customers.</p>')).toBe('<p>Returns a list of your customers.</p>');
    expect(html('<p>With <a href="https://stripe.com/docs/connect">Connect</a>, you can.</p>\n<p>Two.</p>')).toBe(
      '<p>With <a href="https://stripe.com/docs/connect" target="_blank" rel="noopener noreferrer">Connect</a>, you can.</p>\n<p>Two.</p>',
    );
    expect(html('A<br/> <br/> <b>Run locally: </b> <code>$ docker run -p 80:80 kennethreitz/httpbin</code>')).toBe(
      '<p>A<br /> <br /> <b>Run locally: </b> <code>$ docker run -p 80:80 kennethreitz/httpbin</code></p>',
    );
    expect(html('Estimates.<br><br>The response')).toBe('<p>Estimates.<br /><br />The response</p>');
    expect(html('<table><tr><th align="right">a</th><td colspan="2">b</td></tr></table>')).toBe(
      '<table><tr><th align="right">a</th><td colspan="2">b</td></tr></table>',
    );
    expect(html('<details open><summary>More</summary>Hidden</details>')).toBe(
      '<details open=""><summary>More</summary>Hidden</details>',
    );
    // Raw headings get their ids and TOC entries like Markdown's (addHeadingIds reads `<h2>` and `<h3>`).
    expect(html('<h2>Section</h2>\n\nBody')).toBe('<h2>Section</h2>\n<p>Body</p>');
  });

  it('shows other tags as written: placeholders are text to a reader', () => {
    expect(html('Use <token> and <customer id="1"> then </customer>.')).toBe(
      '<p>Use &lt;token&gt; and &lt;customer id="1"&gt; then &lt;/customer&gt;.</p>',
    );
    expect(html('### Tokens & <keys>')).toBe('<h3>Tokens &amp; &lt;keys&gt;</h3>');
    expect(html('Authorization: Basic <api_key>')).toBe('<p>Authorization: Basic &lt;api_key&gt;</p>');
    expect(html('<?php echo 1; ?>')).toBe('&lt;?php echo 1; ?&gt;');
    expect(html('Send `<b>` as <b>bold</b>')).toBe('<p>Send <code>&lt;b&gt;</code> as <b>bold</b></p>');
  });

  it('leaves out script, styles, frames and every handler, style, class and id', () => {
    expect(html('<style>body{display:none}</style>')).toBe('');
    expect(html('<iframe src="javascript:parent.x=1"></iframe> <svg onload=alert(1)><script>x=1</script></svg>')).toBe(
      '',
    );
    expect(html('<p id="main" class="navbar" style="position:fixed" onclick="x()" title="t">text</p>')).toBe(
      '<p>text</p>',
    );
    expect(html('<b onmouseover="x()">me</b>')).toBe('<p><b>me</b></p>');
    expect(html('<a href="https://x.example" target="_top" onclick="x()">out</a>')).toBe(
      '<p><a href="https://x.example" target="_blank" rel="noopener noreferrer">out</a></p>',
    );
    expect(html('<p title="a&quot; onmouseover=&quot;x()">quote</p>')).toBe('<p>quote</p>');
    expect(html('<abbr title="a&quot; onmouseover=&quot;x()">quote</abbr>')).toBe(
      '<p><abbr title="a&quot; onmouseover=&quot;x()">quote</abbr></p>',
    );
  });

  it('keeps a link or an image only with a safe address, else its text', () => {
    expect(html('<a href="javascript:alert(1)">click</a> <a href=" JaVaScRiPt:x">two</a> <a name="x">three</a>')).toBe(
      '<p>click two three</p>',
    );
    expect(html('<a href="/docs/intro">in</a> <a href="mailto:a@b.c">mail</a>')).toBe(
      '<p><a href="/docs/intro">in</a> <a href="mailto:a@b.c">mail</a></p>',
    );
    expect(html('<img src="https://x.example/a.png" alt="A picture" onerror="x()">')).toBe(
      '<img src="https://x.example/a.png" alt="A picture" />',
    );
    expect(html('<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="Alt text">')).toBe('Alt text');
  });

  it("closes only the elements it opened, and all of them by the description's end", () => {
    // A stray end tag would close one of the page's own elements around the description.
    expect(html('</div></div></main><div>boo')).toBe('<div>boo</div>');
    expect(html('<b>unclosed\n\nnext')).toBe('<p><b>unclosed</p>\n<p>next</p></b>');
    expect(html('<a\nhref="https://x.example">over two lines</a>')).toBe(
      '<p><a href="https://x.example" target="_blank" rel="noopener noreferrer">over two lines</a></p>',
    );
    const sanitizer = rawHtmlSanitizer();
    expect(sanitizer.piece('<ul><li>')).toBe('<ul><li>');
    expect(sanitizer.piece('</ul></ol>')).toBe('</li></ul>');
    expect(sanitizer.piece('<em>')).toBe('<em>');
    expect(sanitizer.end()).toBe('</em>');
  });

  it('leaves a description without raw HTML as micromark wrote it', () => {
    expect(html('A *list*:\n\n1. one\n2. `<two>`')).toBe(
      '<p>A <em>list</em>:</p>\n<ol>\n<li>one</li>\n<li><code>&lt;two&gt;</code></li>\n</ol>',
    );
  });
});
