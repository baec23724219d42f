/**
 * Executes every Liquid example in the docs whose output the page shows (site/README.md, "Liquid
 * examples that show an output"): a `liquid example` fence, optionally preceded by a `json data`
 * fence and by `file` fences, and followed by an `output` fence. Each example is rendered with the
 * Tessera theme engine (templates/liquid/theme-engine.ts), through the same wrapper the pages' Try it
 * runs in the reader's browser (templates/liquid/render-example.ts), and must produce exactly the shown output.
 *
 * Comparison: both strings lose the whitespace at the very end (a fence body never ends in a
 * newline, a template often does) and the spaces and tabs at the end of each line (editors strip
 * them from .mdx files, so a shown output could never keep them). Nothing else is normalised:
 * leading whitespace, blank lines and everything inside a line must match exactly.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { type ExampleFence, pairLiquidExamples, parseFenceInfo } from '../../src/content/liquid-example-fences.ts';
import { registerLanguages } from '../../src/content/prism.ts';
import { processSource } from '../../src/content/process-source.ts';
import { renderLiquidExample } from '../../templates/liquid/render-example.ts';

/** The number of examples the docs held when this was last raised (173); fewer means examples got lost. */
const MIN_EXAMPLES = 173;

type Fence = ExampleFence;

interface LiquidExample {
  file: string;
  line: number;
  template: string;
  /** The data fence's JSON text, as the reader's Try it gets it ('' without one). */
  data: string;
  files: Record<string, string>;
  output: string;
}

/** CommonMark-style fenced code blocks: ``` or ~~~ (3+), closed by the same character, at least as long. */
function scanFences(source: string): Fence[] {
  const lines = source.split(/\r?\n/);
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[i] ?? '');
    if (open === null) continue;
    const [, indent = '', marker = '', info = ''] = open;
    if (marker.startsWith('`') && info.includes('`')) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close !== null && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length) break;
      body.push(line.replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    fences.push({ ...parseFenceInfo(info.trim()), body: body.join('\n'), line: i + 1 });
    i = j;
  }
  return fences;
}

/** The page's examples, paired by the convention's one reading (src/content/liquid-example-fences.ts). */
function extractExamples(source: string, file: string): LiquidExample[] {
  return pairLiquidExamples(scanFences(source), file).map((paired) => ({
    file,
    line: paired.example.line,
    template: paired.example.body,
    data: paired.data?.fence.body ?? '',
    files: Object.fromEntries(Object.entries(paired.files).map(([path, fence]) => [path, fence.body])),
    output: paired.output.body,
  }));
}

/** See the header: trailing spaces per line and trailing whitespace at the end are ignored. */
function normalise(text: string): string {
  return text.replace(/[ \t]+$/gm, '').trimEnd();
}

/** Renders one example exactly as the reader's Try it does (templates/liquid/render-example.ts). */
async function renderExample(example: LiquidExample): Promise<string> {
  const result = await renderLiquidExample(example);
  if (!result.ok) {
    const { message, line, column, file } = result.problem;
    throw new Error(`${file ?? 'template'}${line === undefined ? '' : `:${line}:${column}`}: ${message}`);
  }
  return result.output;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const docs = fg.sync(['site/docs/**/*.{md,mdx}', 'site/pages/**/*.{md,mdx}'], { cwd: root, absolute: true }).sort();
/** A page whose fences break the convention becomes one failing test, instead of hiding the others. */
const pages = docs.map((path) => {
  const file = relative(root, path);
  try {
    return { file, examples: extractExamples(readFileSync(path, 'utf8'), file), error: undefined };
  } catch (error) {
    return { file, examples: [], error: error as Error };
  }
});
const examples = pages.flatMap((page) => page.examples);

describe('Liquid examples in the docs', () => {
  it(`finds at least ${MIN_EXAMPLES} examples`, () => {
    expect(examples.length).toBeGreaterThanOrEqual(MIN_EXAMPLES);
  });

  for (const page of pages.filter((p) => p.error !== undefined)) {
    it(`${page.file}: example fences follow the convention`, () => {
      throw page.error;
    });
  }

  it('the build marks every example for its Try it control (issue 19)', async () => {
    await registerLanguages(['markup-templating', 'liquid']);
    for (const page of pages.filter((p) => p.examples.length > 0)) {
      const { code } = await processSource(readFileSync(`${root}${page.file}`, 'utf8'), page.file);
      expect({ file: page.file, marked: code.match(/data-liquid-example/g)?.length ?? 0 }).toEqual({
        file: page.file,
        marked: page.examples.length,
      });
    }
  });

  for (const example of examples) {
    it(`${example.file}:${example.line}`, async () => {
      const rendered = await renderExample(example);
      expect(normalise(rendered)).toBe(normalise(example.output));
    });
  }
});

describe('extractExamples', () => {
  const fence = (info: string, body: string): string => `\`\`\`${info}\n${body}\n\`\`\``;

  it('pairs data, example and output fences and keeps file fences for later examples', () => {
    const source = [
      fence('liquid file title="snippets/price.liquid"', '{{ amount | money }}'),
      'Some prose.',
      fence('json data', '{ "product": { "price": 4500 } }'),
      fence('liquid example', "{% render 'price', amount: product.price %}"),
      fence('html output', '$45.00'),
      fence('liquid example', 'no data'),
      fence('text output', 'no data'),
    ].join('\n\n');
    const found = extractExamples(source, 'page.mdx');
    expect(found.map((e) => [e.line, e.template, e.data, Object.keys(e.files), e.output])).toEqual([
      [
        11,
        "{% render 'price', amount: product.price %}",
        '{ "product": { "price": 4500 } }',
        ['snippets/price.liquid'],
        '$45.00',
      ],
      [19, 'no data', '', ['snippets/price.liquid'], 'no data'],
    ]);
  });

  it('fails loudly when an example is not followed by an output fence', () => {
    const source = [fence('liquid example', '{{ 1 | plus: 1 }}'), fence('liquid', 'not an output')].join('\n\n');
    expect(() => extractExamples(source, 'page.mdx')).toThrowError(
      'page.mdx:1: liquid example is not followed by an output fence',
    );
    expect(() => extractExamples(fence('liquid example', '{{ 1 }}'), 'last.mdx')).toThrowError(
      'last.mdx:1: liquid example is not followed by an output fence',
    );
  });

  it('fails on an output without an example, and on data that no example uses', () => {
    expect(() => extractExamples(fence('html output', 'x'), 'a.mdx')).toThrowError(
      'a.mdx:1: output fence without a liquid example right before it',
    );
    expect(() => extractExamples(fence('json data', '{}'), 'b.mdx')).toThrowError(
      'b.mdx:1: data fence is not followed by a liquid example',
    );
  });

  it('requires file fences to name a path inside a theme folder', () => {
    expect(() => extractExamples(fence('json file title="locales/en.json (excerpt)"', '{}'), 'c.mdx')).toThrowError(
      'c.mdx:1: file fence needs title="<theme folder>/<file>", got "locales/en.json (excerpt)"',
    );
  });

  it('ignores fences shown inside a longer fence', () => {
    const source = ['````md', fence('liquid example', '{{ x }}'), '````'].join('\n');
    expect(extractExamples(source, 'readme.mdx')).toEqual([]);
  });
});
