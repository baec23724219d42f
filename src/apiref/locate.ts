import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

/** A parsed source file that can answer "which line is this JSON pointer on?". */
export interface SourceMap {
  doc: Document.Parsed;
  lines: LineCounter;
}

/**
 * The document's text parsed with positions (JSON is read as YAML, which keeps the positions too), on first
 * use: a JSON document that is valid never needs it, and for 1,000 operations it costs seconds (issue 5).
 */
export function createSourceMap(source: string): SourceMap {
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
  return {
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
