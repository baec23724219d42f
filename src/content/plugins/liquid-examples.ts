import type { Code, Root } from 'mdast';
import { type ExampleFence, pairLiquidExamples, parseFenceInfo } from '../liquid-example-fences.js';
import { type WalkNode, walk } from './walk.js';

type CodeFence = ExampleFence & { node: Code };

/**
 * Marks the fences of each Liquid example that shows an output (issue 19), so the page's Try it control finds
 * the template, its data, its output and its theme files in the rendered page, as attributes on their `code`
 * elements: `data-liquid-example="n"`, `data-liquid-data="n"`, `data-liquid-output="n"`, and
 * `data-liquid-file="k"` with `data-liquid-path` on theme files, listed by the example in `data-liquid-files`.
 * The reader runs exactly the text the page shows. A page that breaks the convention gets no Try it: the docs
 * test (tests/content/liquid-examples.test.ts) names its mistake.
 */
export function remarkLiquidExamples(options: { file: string }) {
  return (tree: Root) => {
    const fences: CodeFence[] = [];
    walk(tree as WalkNode, (node) => {
      if (node.type !== 'code') return;
      const code = node as unknown as Code;
      const info = parseFenceInfo(`${code.lang ?? ''} ${code.meta ?? ''}`.trim());
      fences.push({ ...info, body: code.value, line: code.position?.start.line ?? 0, node: code });
    });
    if (!fences.some((f) => f.flags.has('example'))) return;
    let examples: ReturnType<typeof pairLiquidExamples<CodeFence>>;
    try {
      examples = pairLiquidExamples(fences, options.file);
    } catch {
      return;
    }
    const fileIds = new Map<CodeFence, number>();
    examples.forEach((paired, n) => {
      const files = Object.entries(paired.files).map(([path, fence]) => {
        let id = fileIds.get(fence);
        if (id === undefined) {
          id = fileIds.size;
          fileIds.set(fence, id);
          mark(fence.node, { dataLiquidFile: String(id), dataLiquidPath: path });
        }
        return id;
      });
      mark(paired.example.node, {
        dataLiquidExample: String(n),
        ...(files.length > 0 ? { dataLiquidFiles: files.join(' ') } : {}),
      });
      mark(paired.output.node, { dataLiquidOutput: String(n) });
      if (paired.data) mark(paired.data.fence.node, { dataLiquidData: String(n) });
    });
  };
}

/** hProperties land on the `code` element (mdast-util-to-hast applies a code node's data to it, not to `pre`). */
function mark(node: Code, properties: Record<string, string>): void {
  const data = { ...node.data } as { hProperties?: Record<string, unknown> };
  data.hProperties = { ...data.hProperties, ...properties };
  node.data = data as Code['data'];
}
