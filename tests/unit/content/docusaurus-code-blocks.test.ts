import type { Code, Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/content/compile.ts';
import { remarkDocusaurusCodeBlocks } from '../../../src/content/plugins/docusaurus-code-blocks.ts';

// `@theme/CodeBlock` as the fenced block it stands for (src/content/plugins/docusaurus-code-blocks.ts); the rendered
// page is checked on tests/fixtures/docusaurus-mdx (tests/integration/docusaurus-mdx.test.ts).
const parser = unified().use(remarkParse).use(remarkMdx);
const IMPORT = "import CodeBlock from '@theme/CodeBlock';\n\n";

/** The page's top-level nodes after the transform, the import left out. */
function transformed(body: string, source = IMPORT + body): Root['children'] {
  const tree = parser.parse(source) as Root;
  remarkDocusaurusCodeBlocks({ source })(tree);
  return tree.children.filter((n) => n.type !== 'mdxjsEsm');
}
const fence = (body: string): Pick<Code, 'lang' | 'meta' | 'value'> | undefined => {
  const [node] = transformed(body);
  return node?.type === 'code' ? { lang: node.lang, meta: node.meta, value: node.value } : undefined;
};

describe("Docusaurus's CodeBlock", () => {
  it('becomes a fence with its language, title, line numbers and marked lines, the code indented as written', () => {
    expect(
      fence(
        '<CodeBlock language="jsx" title="/src/Hello.js" showLineNumbers metastring="{2}">\n' +
          '{`function Hello(props) {\n  return <h1>Hello</h1>;\n    }\n`}\n</CodeBlock>\n',
      ),
    ).toEqual({
      lang: 'jsx',
      meta: '{2} title="/src/Hello.js" showLineNumbers',
      // MDX's own parse drops up to two spaces of indentation on each line here; the fence keeps them.
      value: 'function Hello(props) {\n  return <h1>Hello</h1>;\n    }',
    });
  });

  it('reads text children, strings, escapes, a first line number and the language from className', () => {
    expect(fence('<CodeBlock language="bash">npm run build</CodeBlock>\n')).toEqual({
      lang: 'bash',
      meta: null,
      value: 'npm run build',
    });
    expect(fence('<CodeBlock className="language-js">{`const a = \\`x\\`;\\t\\u{1F600}\\\nb`}</CodeBlock>\n')).toEqual({
      lang: 'js',
      meta: null,
      value: 'const a = `x`;\t\u{1F600}b',
    });
    expect(fence('<CodeBlock title={\'Say "hi"\'} showLineNumbers={5}>{"hi"}</CodeBlock>\n')).toEqual({
      lang: null,
      meta: 'title=\'Say "hi"\' showLineNumbers=5',
      value: 'hi',
    });
    expect(fence('<CodeBlock language="text" />\n')).toEqual({ lang: 'text', meta: null, value: '' });
  });

  it('stays the component when the code or a prop is only known when the page runs', () => {
    for (const body of [
      'export const code = "x";\n\n<CodeBlock>{code}</CodeBlock>\n',
      '<CodeBlock>{`a ${1 + 1}`}</CodeBlock>\n',
      '<CodeBlock language={lang}>{`a`}</CodeBlock>\n',
      '<CodeBlock title={`Both "quotes" and \'these\'`}>{`a`}</CodeBlock>\n',
      '<CodeBlock {...{ language: "js" }}>{`a`}</CodeBlock>\n',
      '<CodeBlock>\n  Some **bold** text\n</CodeBlock>\n',
    ]) {
      const nodes = transformed(body);
      expect(
        nodes.some((n) => n.type === 'code'),
        body,
      ).toBe(false);
    }
  });

  it('leaves inline uses and a component of the same name imported from elsewhere alone', () => {
    const own = "import CodeBlock from './my-code-block';\n\n<CodeBlock>{`a`}</CodeBlock>\n";
    expect(transformed('', own)[0]?.type).toBe('mdxJsxFlowElement');
    expect(transformed('Run <CodeBlock>npm i</CodeBlock> first.\n')[0]?.type).toBe('paragraph');
  });

  it('is highlighted by the compile step like any fence', async () => {
    const compiled = await compileMdx(`${IMPORT}<CodeBlock language="bash">npm run build</CodeBlock>\n`, 'docs/c.mdx');
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.code).toContain('"token function"');
    expect(compiled.code).not.toMatch(/_jsxs?\(CodeBlock\b/);
  });
});
