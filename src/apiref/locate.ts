import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { jsonPointerOffset, lineAndColumn } from './json-offsets.js';
import { replaceControlChars } from './control-chars.js';

/** A parsed source file that can answer "which line is this JSON pointer on?". */
export interface SourceMap {
  doc: Document.Parsed;
  lines: LineCounter;
  /**
   * The text, when it is valid JSON and the parse has not been needed yet: a few pointers are then found by
   * skimming it (json-offsets.ts). Each skim reads up to the whole text, so after SKIMS of them the parse,
   * paid once, takes over.
   */
  readonly json?: string | undefined;
}

/**
 * Pointers located by skimming a JSON text before the parse with positions takes over. A skim through a 4 MB
 * document costs about 1% of its parse: Stripe's 25 warnings cost a quarter of the parse they used to, and a
 * document with hundreds of messages pays at most 30% more than the parse alone.
 */
const SKIMS = 30;

/**
 * The document's text parsed with positions (JSON is read as YAML, which keeps the positions too), on first
 * use: a JSON document that is valid never needs it, and for 1,000 operations it costs seconds (issue 5).
 */
export function createSourceMap(source: string, options: { json?: boolean } = {}): SourceMap {
  let parsed: SourceMap | undefined;
  const get = (): SourceMap => {
    if (!parsed) {
      const lines = new LineCounter();
      parsed = {
        doc: parseDocument(source, { lineCounter: lines, prettyErrors: true, uniqueKeys: false, strict: false }),
        lines,
      };
    }
    return parsed;
  };
  let skims = 0;
  return {
    get json() {
      return options.json && !parsed && skims++ < SKIMS ? source : undefined;
    },
    get doc() {
      return get().doc;
    },
    get lines() {
      return get().lines;
    },
  };
}

/** A JSON document read with JSON.parse (much faster than a YAML parse with positions); undefined otherwise. */
export function parseJsonDocument(source: string): unknown {
  if (!/^\s*\{/.test(source)) return undefined;
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return undefined; // not plain JSON after all: the YAML parser reports where it breaks
  }
}

/** `#/paths/~1pets/get` -> ['paths', '/pets', 'get']. */
export function pointerSegments(pointer: string): string[] {
  const p = pointer.replace(/^#/, '');
  if (p === '' || p === '/') return [];
  return (
    p
      .slice(1)
      .split('/')
      // Most segments need no decoding; $ref lookups run this for every reference of the document.
      .map((s) => (s.includes('%') || s.includes('~') ? safeDecode(s).replace(/~1/g, '/').replace(/~0/g, '~') : s))
  );
}

/** Builds a pointer from segments, escaping `~` and `/`. */
export const toPointer = (segments: readonly (string | number)[]): string =>
  `#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Line and column (1-based) of the node a JSON pointer names; where part of the pointer is missing from the
 * source (it came from another file or was added by a resolver), the deepest node that exists, or with
 * `exact` nothing.
 */
export function locatePointer(
  map: SourceMap,
  pointer: string,
  options: { exact?: boolean } = {},
): { line: number; column: number } | undefined {
  const json = map.json;
  if (json !== undefined) {
    const segments = pointerSegments(pointer);
    const { offset, found } = jsonPointerOffset(json, segments);
    return options.exact && found < segments.length ? undefined : lineAndColumn(json, offset);
  }
  let node: unknown = map.doc.contents;
  let offset: number | undefined = rangeStart(node);
  for (const segment of pointerSegments(pointer)) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!pair) {
        if (options.exact) return undefined;
        break;
      }
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined) {
        if (options.exact) return undefined;
        break;
      }
      offset = rangeStart(item) ?? offset;
      node = item;
    } else if (options.exact) return undefined;
    else break;
  }
  return offset === undefined ? undefined : position(map, offset);
}

/** Line and column of a JSON pointer, or nothing where part of it is missing from the text. */
export type ExactLocator = (pointer: string) => { line: number; column: number } | undefined;

export const exactLocator =
  (map: SourceMap): ExactLocator =>
  (pointer) =>
    locatePointer(map, pointer, { exact: true });

/**
 * The locator parseApiDocument gives for its document, made again from the text alone (an API reference read back
 * from the disk cache): the same cleaned text and source map, made on first use, which a build whose links all
 * resolve never needs.
 */
export function documentLocator(text: string, file: string): ExactLocator {
  let locate: ExactLocator | undefined;
  return (pointer) => {
    if (!locate) {
      const clean = replaceControlChars(text, file).text;
      locate = exactLocator(createSourceMap(clean, { json: parseJsonDocument(clean) !== undefined }));
    }
    return locate(pointer);
  };
}

/**
 * Line of the first `key: value` pair the predicate accepts, and its pointer: for errors that know a value
 * (a `$ref`, a duplicate operationId) but not where it is.
 */
export function locateEntry(
  map: SourceMap,
  accept: (key: string, value: unknown) => boolean,
): { line: number; column: number; pointer: string } | undefined {
  const walk = (
    node: unknown,
    path: Array<string | number>,
  ): { offset: number; path: Array<string | number> } | undefined => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (isScalar(pair.value) && accept(key, pair.value.value)) {
          const start = rangeStart(pair.key);
          if (start !== undefined) return { offset: start, path: [...path, key] };
        }
        const found = walk(pair.value, [...path, key]);
        if (found) return found;
      }
    } else if (isSeq(node)) {
      for (let i = 0; i < node.items.length; i++) {
        const found = walk(node.items[i], [...path, i]);
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = walk(map.doc.contents, []);
  return found ? { ...position(map, found.offset), pointer: toPointer(found.path) } : undefined;
}

const position = (map: SourceMap, offset: number): { line: number; column: number } => {
  const { line, col } = map.lines.linePos(offset);
  return { line, column: col };
};

const rangeStart = (node: unknown): number | undefined =>
  (node as Node | null)?.range ? (node as Node).range?.[0] : undefined;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
