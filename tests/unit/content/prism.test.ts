import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { highlightCode } from '../../../src/apiref/highlight.ts';
import { compileMdx } from '../../../src/content/compile.ts';
import { prismLanguage, registerLanguages } from '../../../src/content/prism.ts';
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
