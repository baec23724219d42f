/**
 * The convention for Liquid examples that show an output (site/README.md): a `liquid example` fence, right
 * after it an `output` fence, optionally a `json data` fence before it (for that example only) and `file`
 * fences naming theme files (for every later example on the page). One reading of the convention, used by
 * the test that runs every example (tests/content/liquid-examples.test.ts) and by the build, which marks the
 * same fences for the page's Try it control (plugins/liquid-examples.ts): what the test checks and what the
 * reader runs are the same fences.
 */

/** A fenced code block as the convention sees it. */
export interface ExampleFence {
  lang: string;
  /** Bare words of the info string: `example`, `output`, `data`, `file`. */
  flags: ReadonlySet<string>;
  /** `key="value"` words of the info string, e.g. `title`. */
  attrs: Readonly<Record<string, string>>;
  body: string;
  /** 1-based line of the opening fence, for messages (0 when unknown). */
  line: number;
}

/** One example: its fences, the data parsed, and the theme files in effect (by theme path). */
export interface PairedExample<F extends ExampleFence> {
  example: F;
  output: F;
  data: { fence: F; value: Record<string, unknown> } | undefined;
  files: Record<string, F>;
}

/** Theme folders a `file` fence may name (its `title`). */
const THEME_PATH = /^(layout|templates|snippets|locales|config|assets)\/[^\s()]+$/;

/** Splits a fence info string: the language, bare words (flags) and key="value" attributes. */
export function parseFenceInfo(info: string): Pick<ExampleFence, 'lang' | 'flags' | 'attrs'> {
  const words = info.match(/[^\s"=]+="[^"]*"|[^\s"=]+='[^']*'|[^\s"=]+=[^\s"]+|"[^"]*"|\S+/g) ?? [];
  const [lang = '', ...rest] = words;
  const flags = new Set<string>();
  const attrs: Record<string, string> = {};
  for (const word of rest) {
    const eq = word.indexOf('=');
    if (eq > 0) attrs[word.slice(0, eq)] = word.slice(eq + 1).replace(/^(["'])(.*)\1$/, '$2');
    else flags.add(word);
  }
  return { lang, flags, attrs };
}

/**
 * Pairs the fences of one page (in document order) into examples. Throws, naming `file` and the line, when the
 * page breaks the convention: an example without an output right after it, an output without an example, two
 * data fences in a row, data no example uses, invalid JSON, or a `file` fence without a theme path as title.
 */
export function pairLiquidExamples<F extends ExampleFence>(fences: readonly F[], file: string): PairedExample<F>[] {
  const examples: PairedExample<F>[] = [];
  const files: Record<string, F> = {};
  let pendingData: { fence: F; value: Record<string, unknown> } | undefined;
  for (let i = 0; i < fences.length; i++) {
    const fence = fences[i] as F;
    const where = `${file}:${fence.line}`;
    if (fence.flags.has('data')) {
      if (pendingData !== undefined)
        throw new Error(`${where}: two data fences in a row (the first is at line ${pendingData.fence.line})`);
      try {
        pendingData = { fence, value: JSON.parse(fence.body) as Record<string, unknown> };
      } catch (error) {
        throw new Error(`${where}: data fence is not valid JSON: ${(error as Error).message}`);
      }
    } else if (fence.flags.has('file')) {
      const path = fence.attrs.title;
      if (path === undefined || !THEME_PATH.test(path)) {
        throw new Error(`${where}: file fence needs title="<theme folder>/<file>", got ${JSON.stringify(path ?? '')}`);
      }
      files[path] = fence;
    } else if (fence.flags.has('example')) {
      if (fence.lang !== 'liquid')
        throw new Error(`${where}: example fence must be a liquid fence, got "${fence.lang}"`);
      const next = fences[i + 1];
      if (next === undefined || !next.flags.has('output'))
        throw new Error(`${where}: liquid example is not followed by an output fence`);
      examples.push({ example: fence, output: next, data: pendingData, files: { ...files } });
      pendingData = undefined;
      i++;
    } else if (fence.flags.has('output')) {
      throw new Error(`${where}: output fence without a liquid example right before it`);
    }
  }
  if (pendingData !== undefined)
    throw new Error(`${file}:${pendingData.fence.line}: data fence is not followed by a liquid example`);
  return examples;
}
