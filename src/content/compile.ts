import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import type { PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import { error, type Diagnostic } from '../diagnostics.js';
import { legacyAdmonitionTitles, remarkAdmonitions } from './plugins/admonitions.js';
import { remarkCollectLinks, type SourceLink } from './plugins/collect-links.js';
import { remarkDocusaurusCodeBlocks } from './plugins/docusaurus-code-blocks.js';
import { escapeExplicitIds, rehypeHeadingIds, remarkExplicitIds, type Heading2 } from './plugins/heading-ids.js';
import { rehypeHighlight } from './plugins/highlight.js';
import { remarkLiquidExamples } from './plugins/liquid-examples.js';
import { staticContentModule } from './static-content-module.js';
import { needsMdxCompiler, toStaticTree } from './static-content.js';
import { parseMarkdownOnly } from './markdown-fast-parse.js';
import { checkTreeDepth } from './limits.js';

export type { Heading2 as Heading, SourceLink };

export interface CompiledMdx {
  /** An ES module: `export default function MDXContent(props)`, JSX compiled to react/jsx-runtime calls. */
  code: string;
  headings: Heading2[];
  links: SourceLink[];
  diagnostics: Diagnostic[];
}

export interface CompileOptions {
  /** `mdx`: always the MDX parser. By default markdown-it reads the files it mirrors exactly (markdown-fast-parse.ts). */
  parser?: 'auto' | 'mdx';
}

/** Compile stage for one file: MDX body (front matter already blanked out) to a JS module plus its headings and links. */
export async function compileMdx(body: string, file: string, options: CompileOptions = {}): Promise<CompiledMdx> {
  const headings: Heading2[] = [];
  const links: SourceLink[] = [];
  const value = legacyAdmonitionTitles(escapeExplicitIds(body));
  try {
    const vfile = new VFile({ value, path: file });
    const fast = options.parser === 'mdx' ? undefined : parseMarkdownOnly(value);
    const mdast = fast ?? (await parseWithMdx(vfile));
    // Our remark transforms, called directly: the same ones the MDX compiler would run.
    if (!fast) remarkDocusaurusCodeBlocks({ source: value })(mdast);
    remarkAdmonitions()(mdast);
    remarkExplicitIds()(mdast);
    remarkCollectLinks({ out: links })(mdast);
    remarkLiquidExamples({ file })(mdast);
    const tooDeep = checkTreeDepth(mdast, file);
    if (tooDeep.length > 0) return { code: '', headings, links, diagnostics: tooDeep };
    if (fast || !needsMdxCompiler(mdast)) {
      // Markdown-only files stop at hast (see static-content.ts), transformed as remark-rehype would.
      const hast = toHast(mdast, { file: vfile }) as HastRoot;
      rehypeHeadingIds({ out: headings })(hast);
      rehypeHighlight()(hast);
      return { code: staticContentModule(toStaticTree(hast)), headings, links, diagnostics: [] };
    }
    // JSX, ESM or expressions: the MDX compiler takes over from the tree already parsed and transformed above,
    // so its own remark plugin list is empty and the file is not parsed twice.
    const rehypePlugins: PluggableList = [[rehypeHeadingIds, { out: headings }], rehypeHighlight];
    const { createProcessor } = await import('@mdx-js/mdx');
    const mdx = createProcessor({
      format: 'mdx',
      outputFormat: 'program',
      jsxImportSource: 'react',
      development: false,
      remarkPlugins: [],
      rehypePlugins,
    });
    const program = await mdx.run(mdast as never, vfile);
    return { code: String(mdx.stringify(program as never, vfile)), headings, links, diagnostics: [] };
  } catch (err) {
    // Nesting the line guards cannot see (thousands of nested JSX elements) overflows the compiler's stack.
    if (
      err instanceof RangeError ||
      /Maximum call stack size exceeded/.test(String((err as VFileMessage)?.reason ?? err))
    ) {
      return {
        code: '',
        headings,
        links,
        diagnostics: [
          error('content-too-deep', 'the page nests elements too deeply for the MDX compiler (its stack overflowed)', {
            file,
            hint: 'flatten the nesting: split deeply nested elements, lists or quotes into shallower ones',
          }),
        ],
      };
    }
    const message = err as VFileMessage;
    const place = message.place && 'start' in message.place ? message.place.start : message.place;
    const rawReason = (message.reason ?? String(err)).split('\n')[0] ?? '';
    // Some micromark errors carry their position only in the text: "… (5:1-5:6)".
    const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(rawReason);
    const line = message.line ?? place?.line ?? (inText ? Number(inText[1]) : undefined);
    const column = message.column ?? place?.column ?? (inText ? Number(inText[2]) : undefined);
    const reason = inText ? rawReason.slice(0, inText.index).trim() : rawReason;
    return {
      code: '',
      headings,
      links,
      diagnostics: [
        error('mdx-invalid', `MDX could not be compiled: ${reason}`, {
          file,
          line: typeof line === 'number' ? line : undefined,
          column: typeof column === 'number' ? column : undefined,
          hint:
            reason.includes('expression') || reason.includes('acorn')
              ? 'a `{` in prose starts a JavaScript expression: escape it as `\\{` or put it in `inline code`'
              : 'check that every JSX tag is closed and that a literal `<` in prose is written as `&lt;`',
        }),
      ],
    };
  }
}

/**
 * The MDX parser (micromark with the MDX, GFM and directive syntax), for files markdown-it does not mirror. Loaded
 * on first use: most builds never need it, and loading it cost each compile worker a quarter of a second.
 */
let mdxParser: Promise<{ parse(file: VFile): MdastRoot }> | undefined;

async function parseWithMdx(vfile: VFile): Promise<MdastRoot> {
  mdxParser ??= Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-mdx'),
    import('remark-gfm'),
    import('remark-directive'),
  ]).then(
    ([{ unified }, remarkParse, remarkMdx, remarkGfm, remarkDirective]) =>
      unified()
        .use(remarkParse.default)
        .use(remarkMdx.default)
        .use(remarkGfm.default)
        .use(remarkDirective.default)
        .freeze() as unknown as { parse(file: VFile): MdastRoot },
  );
  return (await mdxParser).parse(vfile);
}
