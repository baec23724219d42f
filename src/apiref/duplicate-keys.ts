import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { SourceMap } from './locate.js';

/** A key written twice in one mapping: JSON.parse and YAML's lenient mode keep the last silently. */
export interface DuplicateKey {
  key: string;
  /** JSON pointer of the mapping holding both. */
  pointer: string;
  first: { line: number; column: number };
  second: { line: number; column: number };
}

const escapeSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (path: readonly string[]): string =>
  path.length === 0 ? '#' : `#/${path.map(escapeSegment).join('/')}`;

/**
 * Duplicate keys of a JSON text, in one linear pass over the characters (parsing JSON as YAML for positions
 * costs seconds on large documents). Columns count UTF-16 code units, as editors do. Expects valid JSON.
 */
export function findDuplicateJsonKeys(source: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  // One frame per open object or array; objects remember where each key was first written.
  const frames: Array<{
    keys?: Map<string, { line: number; column: number }>;
    name: string;
    index: number;
    expectKey: boolean;
  }> = [];
  const path: string[] = [];
  let line = 1;
  let lineStart = 0;
  let pendingName = '';
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      frames.push({ ...(c === 123 ? { keys: new Map() } : {}), name: pendingName, index: 0, expectKey: c === 123 });
      if (frames.length > 1) path.push(pendingName);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      frames.pop();
      path.pop();
    } else if (c === 44 /* , */) {
      const top = frames[frames.length - 1];
      if (top?.keys) top.expectKey = true;
      else if (top) {
        top.index++;
        pendingName = String(top.index);
      }
    } else if (c === 34 /* " */) {
      const end = closingQuote(source, i + 1);
      const top = frames[frames.length - 1];
      if (top?.keys && top.expectKey) {
        // Most keys have no escapes: their text is the key, without a JSON.parse each (Stripe's document: 62,000 of them).
        const raw = source.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const at = { line, column: i - lineStart + 1 };
        const first = top.keys.get(key);
        if (first) found.push({ key, pointer: pointerOf(path), first, second: at });
        else top.keys.set(key, at);
        top.expectKey = false;
        pendingName = key;
      }
      i = end;
    }
    if (frames.length > 0 && (c === 91 || c === 123) && !frames[frames.length - 1]?.keys) pendingName = '0';
  }
  return found;
}

/**
 * Index of the quote that closes the JSON string whose text starts at `from` (source.length if none): the next
 * quote not escaped, that is not preceded by an odd number of backslashes. indexOf, not a loop over every
 * character: a large document is mostly string text.
 */
function closingQuote(source: string, from: number): number {
  for (let at = source.indexOf('"', from); at !== -1; at = source.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (at - 1 - backslashes >= from && source.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return source.length;
}

/** Duplicate keys of a YAML (or JSON read as YAML) document parsed with `uniqueKeys: false`. */
export function findDuplicateYamlKeys(map: SourceMap): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const position = (node: Node): { line: number; column: number } => {
    const pos = map.lines.linePos(node.range?.[0] ?? 0);
    return { line: pos.line, column: pos.col };
  };
  const walk = (node: unknown, path: string[]): void => {
    if (isMap(node)) {
      const seen = new Map<string, Node>();
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        const first = seen.get(key);
        if (first) found.push({ key, pointer: pointerOf(path), first: position(first), second: position(pair.key) });
        else seen.set(key, pair.key);
        walk(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) for (const [i, item] of node.items.entries()) walk(item, [...path, String(i)]);
  };
  walk(map.doc.contents, []);
  return found;
}
