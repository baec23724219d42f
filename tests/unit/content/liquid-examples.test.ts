import { beforeAll, describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/content/compile.ts';
import { registerLanguages } from '../../../src/content/prism.ts';

// Issue 19: the build marks each example's fences for the page's Try it control.
const fence = (info: string, body: string): string => `\`\`\`${info}\n${body}\n\`\`\``;
const page = [
  fence('liquid file title="snippets/price.liquid"', '{{ amount | money }}'),
  fence('json data', '{ "product": { "price": 4500 } }'),
  fence('liquid example', "{% render 'price', amount: product.price %}"),
  fence('html output', '$45.00'),
  fence('liquid file title="snippets/price.liquid"', 'replaced'),
  fence('liquid example', 'no data'),
  fence('text output', 'no data'),
  fence('liquid', 'a plain fence'),
].join('\n\n');

/** The attributes of each marked `code` element, in order, from a compiled page (static data or MDX code). */
function marks(code: string): string[] {
  const found = code.match(/\\?"data-liquid-[a-z]+\\?":\s*\\?"[^"\\]*\\?"/g) ?? [];
  return found.map((m) =>
    m
      .replace(/\\/g, '')
      .replace(/":\s*"/, '=')
      .replace(/"/g, ''),
  );
}

beforeAll(() => registerLanguages(['markup-templating', 'liquid']));

describe('remarkLiquidExamples', () => {
  it('marks data, example, output and the theme files in effect, on Markdown and on MDX pages alike', async () => {
    const expected = [
      'data-liquid-file=0',
      'data-liquid-path=snippets/price.liquid',
      'data-liquid-data=0',
      'data-liquid-example=0',
      'data-liquid-files=0',
      'data-liquid-output=0',
      'data-liquid-file=1',
      'data-liquid-path=snippets/price.liquid',
      'data-liquid-example=1',
      'data-liquid-files=1',
      'data-liquid-output=1',
    ];
    const markdown = await compileMdx(page, 'page.mdx');
    expect(markdown.code).toContain('staticContent(');
    expect(marks(markdown.code)).toEqual(expected);
    const mdx = await compileMdx(`${page}\n\n<div>JSX makes this an MDX page</div>\n`, 'page.mdx');
    expect(mdx.code).not.toContain('staticContent(');
    expect(marks(mdx.code)).toEqual(expected);
  });

  it('marks nothing on a page that breaks the convention (the docs test names the mistake)', async () => {
    const broken = `${page}\n\n${fence('liquid example', 'no output after me')}\n`;
    expect(marks((await compileMdx(broken, 'broken.mdx')).code)).toEqual([]);
  });
});
