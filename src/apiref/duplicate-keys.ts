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
      let end = i + 1;
      while (end < source.length && source.charCodeAt(end) !== 34) end += source.charCodeAt(end) === 92 ? 2 : 1;
      const top = frames[frames.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(source.slice(i, end + 1)) as string;
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
