import { compile, evaluate } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/content/compile.ts';
import { remarkAdmonitions } from '../../../src/content/plugins/admonitions.ts';
import { remarkCollectLinks, type SourceLink } from '../../../src/content/plugins/collect-links.ts';
import { escapeExplicitIds, rehypeHeadingIds, remarkExplicitIds } from '../../../src/content/plugins/heading-ids.ts';
import { rehypeHighlight } from '../../../src/content/plugins/highlight.ts';
import { registerLanguages } from '../../../src/content/prism.ts';
import { serverStaticContentModule } from '../../../src/content/static-content-module.ts';
import { ContentSlot, staticContent } from '../../../templates/pages/static-content.tsx';
import { registerStaticTrees, staticContentFrom } from '../../../templates/server/static-content.tsx';
import type { StaticNode } from '../../../templates/shared/static-node.ts';

const markdownOnly = `Intro with **bold**, _emphasis_, ~~struck~~, \`code\` and a [link](/docs/intro#auth).

## Setup {#custom-setup}

- [x] done task
- [ ] open task
  1. nested ordered

> A quote with a footnote.[^1]

| Option | Default |
| :----- | ------: |
| \`limit\` | 50 |

:::tip[Good to know]
Admonitions keep their title.
:::

\`\`\`liquid title="cart.liquid"
{% for item in cart.items %}{{ item.title | upcase }}{% endfor %}
\`\`\`

![Logo](/img/logo.png "The logo")

[^1]: The footnote text.
`;

// The static path's output must be what the MDX compiler would have rendered for the same file.
async function renderWithMdxCompiler(source: string): Promise<string> {
  const { default: Content } = await evaluate(escapeExplicitIds(source), {
    ...runtime,
    remarkPlugins: [remarkGfm, remarkDirective, remarkAdmonitions, remarkExplicitIds],
    rehypePlugins: [[rehypeHeadingIds, { out: [] }], rehypeHighlight],
  } as never);
  return renderToString(createElement(Content as ComponentType));
}

function staticModuleTree(code: string): StaticNode[] {
  const match = /staticContent\(\/\* @__PURE__ \*\/ JSON\.parse\((".*")\)\);\n$/s.exec(code);
  if (!match) throw new Error(`not a static content module:\n${code.slice(0, 200)}`);
  return JSON.parse(JSON.parse(match[1] as string) as string) as StaticNode[];
}

describe('static content (Markdown-only .mdx files)', () => {
  beforeAll(() => registerLanguages(['markup-templating', 'liquid']));

  it('compiles a Markdown-only file to data that renders exactly as the MDX compiler output', async () => {
    const compiled = await compileMdx(markdownOnly, 'docs/sample.mdx');
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.code).toContain("from '@portal/theme/pages/static-content.tsx'");
    const wrapped = renderToString(createElement(staticContent(staticModuleTree(compiled.code))));
    // The body sits in one marked element, where a first visit adopts it from the HTML (issue 17 item 3).
    expect(wrapped).toMatch(/^(<link [^>]+>)?<div data-static-content="">[\s\S]*<\/div>$/);
    const html = wrapped.replace('<div data-static-content="">', '').replace(/<\/div>$/, '');
    expect(html).toBe(await renderWithMdxCompiler(markdownOnly));
    expect(html).toContain('id="custom-setup"');
    expect(html).toContain('class="admonition admonition-tip"');
    expect(html).toContain('<th style="text-align:right">Default</th>');
    expect(html).toContain('<span class="token keyword">for</span>');
    expect(compiled.headings.map((h) => h.id)).toEqual(['custom-setup', 'footnote-label']);
    expect(compiled.links.map((l) => l.url)).toEqual(['/docs/intro#auth', '/img/logo.png']);
  });

  it('routes elements through the components map, so links navigate client-side', async () => {
    const compiled = await compileMdx('See [the intro](/docs/intro).\n', 'docs/a.mdx');
    const Link = ({ href, children }: { href: string; children: string }) =>
      createElement('a', { href: `/base${href}`, 'data-internal': '' }, children);
    const html = renderToString(
      createElement(staticContent(staticModuleTree(compiled.code)), { components: { a: Link } }),
    );
    expect(html).toBe(
      '<div data-static-content=""><p>See <a href="/base/docs/intro" data-internal="">the intro</a>.</p></div>',
    );
  });

  it('keeps the full MDX compiler for JSX, imports, exports and expressions', async () => {
    for (const source of [
      '<Tabs>\n  text\n</Tabs>\n',
      'export const x = 1;\n\nText.\n',
      'Total: {1 + 1}\n',
      'Inline <b>bold</b> JSX.\n',
    ]) {
      const compiled = await compileMdx(source, 'docs/jsx.mdx');
      expect(compiled.diagnostics).toEqual([]);
      expect(compiled.code).not.toContain('static-content');
      expect(compiled.code).toContain('export default function MDXContent');
    }
  });

  it('gives JSX files exactly what the MDX compiler gives, from the tree parsed once', async () => {
    const source = `import { Note } from './note.js';\n\n## Intro {#start}\n\n<Note kind="tip">Read [the guide](/docs/guide) first: {1 + 1} steps.</Note>\n\n:::warning\nCareful.\n:::\n\n| a | b |\n| - | -: |\n| 1 | 2 |\n`;
    const compiled = await compileMdx(source, 'docs/jsx.mdx');
    const links: SourceLink[] = [];
    const headings: unknown[] = [];
    const reference = await compile(
      { value: escapeExplicitIds(source), path: 'docs/jsx.mdx' },
      {
        format: 'mdx',
        outputFormat: 'program',
        jsxImportSource: 'react',
        development: false,
        remarkPlugins: [
          remarkGfm,
          remarkDirective,
          remarkAdmonitions,
          remarkExplicitIds,
          [remarkCollectLinks, { out: links }],
        ],
        rehypePlugins: [[rehypeHeadingIds, { out: headings }], rehypeHighlight],
      },
    );
    expect(compiled.code).toBe(String(reference.value));
    expect(compiled.links).toEqual(links);
    expect(compiled.headings).toEqual(headings);
  });

  it('reports a malformed file with its line on either path', async () => {
    const compiled = await compileMdx('# Title\n\nText\n\n<div>\nunclosed\n', 'docs/bad.mdx');
    expect(compiled.code).toBe('');
    expect(compiled.diagnostics[0]).toMatchObject({ file: 'docs/bad.mdx', line: expect.any(Number) });
  });
});

// The server bundle's form of the same module (bundle/server.ts): a stub, its tree handed over at load and parsed at
// its first render; the same HTML.
describe('static content in the server bundle', () => {
  beforeAll(() => registerLanguages(['markup-templating', 'liquid']));

  it('names its tree, which is parsed when the page is rendered, and renders the same body', async () => {
    const compiled = await compileMdx(markdownOnly, 'docs/sample.mdx');
    const server = serverStaticContentModule(compiled.code, 'mdx/sample.jsx');
    expect(server?.module).toBe(
      'import { staticContentFrom } from \'@portal/theme/server/static-content.tsx\';\nexport default staticContentFrom("mdx/sample.jsx");\n',
    );
    // The tree as compiled: the module's JSON string literal.
    expect(JSON.parse(JSON.parse(server?.tree ?? '""') as string)).toEqual(staticModuleTree(compiled.code));
    const Content = staticContentFrom('mdx/sample.jsx');
    // Registered after the module is made (the bundle is loaded first), read when it renders.
    registerStaticTrees({ 'mdx/sample.jsx': server?.tree ?? '' });
    const eager = staticContent(staticModuleTree(compiled.code));
    expect(renderToString(createElement(ContentSlot, { Content }))).toBe(
      renderToString(createElement(ContentSlot, { Content: eager })),
    );
    expect(renderToString(createElement(Content))).toBe(renderToString(createElement(eager)));
    // A tree the loader did not hand over is that page's error, with its id.
    expect(() => renderToString(createElement(staticContentFrom('mdx/missing.jsx')))).toThrow('mdx/missing.jsx');
    // Any other module is left as compiled.
    expect(serverStaticContentModule('export default function MDXContent() {}\n', 'mdx/x.jsx')).toBeUndefined();
  });
});
