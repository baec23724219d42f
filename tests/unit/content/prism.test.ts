import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { refractor } from 'refractor';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { highlightCode } from '../../../src/apiref/highlight.ts';
import { compileMdx } from '../../../src/content/compile.ts';
import { highlightToHast, highlightToHtml, prismLanguage, registerLanguages } from '../../../src/content/prism.ts';
import { staticContent } from '../../../templates/pages/static-content.tsx';

// Issue 15 item 3: docs and the API reference used two alias tables that disagreed (`curl` was bash in API
// samples and plain text in docs, `ts` the reverse). One table now names the grammar for both.
describe('one highlighter core for docs and the API reference', () => {
  beforeAll(() => registerLanguages(['markup-templating', 'liquid', 'php', 'typescript', 'python']));

  it('resolves the names authors write to the same Prism grammar, whatever their case', () => {
    expect(['curl', 'sh', 'Shell', 'zsh', 'console'].map(prismLanguage)).toEqual([
      'bash',
      'bash',
      'bash',
      'bash',
      'bash',
    ]);
    expect(['js', 'node', 'ts', 'py', 'YML', 'xml', 'liquid'].map(prismLanguage)).toEqual([
      'javascript',
      'javascript',
      'typescript',
      'python',
      'yaml',
      'markup',
      'liquid',
    ]);
  });

  it('highlights a `curl` fence in a doc as the API reference highlights a curl sample', async () => {
    const sample = 'curl -X POST "https://sandbox.example.com/v1/orders"';
    const compiled = await compileMdx(`# Orders\n\n\`\`\`curl\n${sample}\n\`\`\`\n`, 'docs/orders.mdx');
    expect(compiled.diagnostics).toEqual([]);
    const match = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(compiled.code);
    const html = match
      ? renderToString(createElement(staticContent(JSON.parse(JSON.parse(match[1] as string) as string))))
      : compiled.code;
    const api = highlightCode(sample, 'curl').__html;
    expect(api).toContain('<span class="token function">curl</span>');
    expect(html).toContain('<span class="token function">curl</span>');
    expect(html).toContain('class="code language-bash"');
  });
});

// Docs' fenced code becomes hast without refractor's `h` per token (issue 17: a third of highlighting): the same
// tree, node for node, for every fence of the portal's docs and for tokens whose wrap hook adds attributes.
describe('highlightToHast', () => {
  // TSX as the portal registers it: JSX's hooks make tokens whose alias is null.
  beforeAll(() => registerLanguages(['markup-templating', 'liquid', 'php', 'typescript', 'python', 'tsx']));

  const fences = (dir: string): Array<{ lang: string; code: string }> =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.mdx?$/.test(f))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm)].map((m) => ({
          lang: prismLanguage(m[1] as string),
          code: (m[2] as string).replace(/\n$/, ''),
        })),
      );

  it('makes refractor’s tree for every fenced block of the portal’s docs', () => {
    const blocks = fences(path.resolve(import.meta.dirname, '../../../site/docs')).filter((b) =>
      refractor.registered(b.lang),
    );
    expect(blocks.length).toBeGreaterThan(400);
    for (const { lang, code } of blocks)
      expect(highlightToHast(code, lang)).toEqual(refractor.highlight(code, lang).children);
  });

  it('leaves to refractor a token its wrap hook gives attributes, and keeps the rest its own', () => {
    const samples: Array<[string, string]> = [
      ['markup', '<p title="a &amp; b">Fish &amp; chips &lt;3 &#169;</p>'],
      ['php', '<?php echo "<b>$name</b>"; ?>\n<p>{{ not php }}</p>'],
      ['liquid', '{% for item in cart.items %}{{ item.title | escape }}{% endfor %}'],
      ['javascript', 'const a = `x${1 + 2}`; // done'],
      ['markup', ''],
    ];
    for (const [lang, code] of samples)
      expect(highlightToHast(code, lang)).toEqual(refractor.highlight(code, lang).children);
    const tsx = 'export default () => <Layout title="Status">{items.map((i) => <Row key={i} />)}</Layout>;';
    expect(highlightToHast(tsx, 'tsx')).toEqual(refractor.highlight(tsx, 'tsx').children);
    // The API reference's HTML reads the same tokens: a null alias used to end the build there.
    expect(highlightToHtml(tsx, 'tsx')).toContain(
      '<span class="token tag"><span class="token tag"><span class="token punctuation">&lt;</span><span class="token class-name">Layout</span>',
    );
    const entity = highlightToHast('&amp;', 'markup')[0];
    expect(entity).toMatchObject({
      tagName: 'span',
      properties: { className: ['token', 'entity', 'named-entity'], title: '&' },
    });
  });
});
