/**
 * Renders one Liquid example of the theme guides the way a reader's Try it runs it (issue 19) and the way the
 * docs test checks it (tests/content/liquid-examples.test.ts): the Tessera theme engine, the example's JSON data
 * split into globals and page scope, and only the example's own theme files. Runs inside the Try it worker
 * (render.worker.ts), so limits here keep the worker's memory and output bounded; the worker's time limit is
 * enforced from outside (worker-client.ts terminates it).
 */
import { Context, LiquidError, toPromise } from 'liquidjs';
import { findJsonError } from './json-position.ts';
import { createThemeEngine, splitThemeData, themeTimezone } from './theme-engine.ts';

/** What an example is made of: the template, its data as JSON text, and theme files by theme path. */
export interface LiquidExampleInput {
  template: string;
  /** The `json data` fence's text; empty means no data. */
  data: string;
  files: Readonly<Record<string, string>>;
}

export interface RenderLimits {
  /** Characters of output; a template writing more is stopped. */
  maxOutput: number;
  /** LiquidJS `memoryLimit`: sizes of ranges, arrays and strings filters build, so `(1..100000000)` fails fast. */
  memoryLimit: number;
}

export const DEFAULT_LIMITS: RenderLimits = { maxOutput: 100_000, memoryLimit: 10_000_000 };

/** Where a problem is, 1-based; `file` names a theme file when the problem is in one of the example's partials. */
export interface RenderProblem {
  /** `template`, `data` (the JSON) or `limit`. */
  source: 'template' | 'data' | 'limit';
  message: string;
  line?: number;
  column?: number;
  file?: string;
}

export type RenderResult = { ok: true; output: string } | { ok: false; problem: RenderProblem };

/** Thrown by the output writer once the output passes the limit; LiquidJS wraps it in a RenderError. */
class OutputTooLong extends Error {}

/** Renders an example; never throws: problems come back with their line and column. */
export async function renderLiquidExample(
  input: LiquidExampleInput,
  limits: RenderLimits = DEFAULT_LIMITS,
): Promise<RenderResult> {
  const data = parseData(input.data);
  if (!data.ok) return data;
  const engine = createThemeEngine({ files: { ...input.files }, timezoneOffset: themeTimezone(data.value) });
  const { globals, scope } = splitThemeData(data.value);
  const emitter = cappedEmitter(limits.maxOutput);
  try {
    const templates = engine.parse(input.template);
    const context = new Context(
      scope,
      engine.options,
      { globals, memoryLimit: limits.memoryLimit },
      { liquid: engine },
    );
    await toPromise(engine.renderer.renderTemplates(templates, context, emitter));
    return { ok: true, output: emitter.buffer };
  } catch (error) {
    return { ok: false, problem: describeError(error, limits) };
  }
}

function cappedEmitter(max: number): { buffer: string; write(html: unknown): void } {
  return {
    buffer: '',
    write(html: unknown) {
      const text = html === null || html === undefined ? '' : String(html);
      if (this.buffer.length + text.length > max) throw new OutputTooLong();
      this.buffer += text;
    },
  };
}

function parseData(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: RenderProblem } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    return {
      ok: false,
      problem: {
        source: 'data',
        message: `the data is not valid JSON: ${message.replace(/\s*\(line \d+ column \d+\)$/, '').replace(/ at position \d+$/, '')}`,
        ...jsonPosition(text),
      },
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      problem: {
        source: 'data',
        message: 'the data must be a JSON object: { "name": value, ... }',
        line: 1,
        column: 1,
      },
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** The line and column where the JSON first goes wrong (JSON.parse's message does not always say). */
function jsonPosition(text: string): { line?: number; column?: number } {
  const offset = findJsonError(text);
  if (offset === undefined) return {};
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

interface PositionedToken {
  file?: string;
  getPosition(): [number, number];
}

function describeError(error: unknown, limits: RenderLimits): RenderProblem {
  const original = (error as { originalError?: unknown }).originalError;
  if (error instanceof OutputTooLong || original instanceof OutputTooLong) {
    return {
      source: 'limit',
      message: `the output passed ${limits.maxOutput.toLocaleString('en-US')} characters, so rendering stopped`,
    };
  }
  if (!LiquidError.is(error)) return { source: 'template', message: String((error as Error)?.message ?? error) };
  const token = (error as unknown as { token?: PositionedToken }).token;
  const [line, column] = token?.getPosition() ?? [undefined, undefined];
  // LiquidJS appends ", file:…, line:…, col:…" to the message; the position is given separately.
  let message = (error as Error).message.replace(/(?:, file:[^,]*)?, line:\d+, col:\d+$/, '');
  const source: RenderProblem['source'] = /^memory alloc limit exceeded/.test(message) ? 'limit' : 'template';
  if (source === 'limit')
    message = 'the template needs too much memory (a very large range, array or string), so rendering stopped';
  return {
    source,
    message,
    ...(line === undefined ? {} : { line, column }),
    ...(token?.file ? { file: token.file } : {}),
  };
}
