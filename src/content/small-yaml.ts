import { type Document, LineCounter, parseDocument } from 'yaml';

/**
 * A small YAML text the site writes (a doc's front matter, a `_category_.yml`), read one way for both: duplicate keys
 * refused, aliases capped (a few nested ones expand exponentially), the first problem with its line (1-based, in
 * `text`). The document and its line counter stay, for messages about a key's value.
 */
export type SmallYaml =
  | { kind: 'read'; data: unknown; doc: Document; lines: LineCounter }
  | { kind: 'syntax'; problem: string; line: number }
  | { kind: 'aliases'; problem: string };

export function readSmallYaml(text: string, maxAliasCount: number): SmallYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  if (first)
    return { kind: 'syntax', problem: first.message.split('\n')[0] ?? '', line: lines.linePos(first.pos[0]).line };
  try {
    return { kind: 'read', data: doc.toJS({ maxAliasCount }) ?? {}, doc, lines };
  } catch (err) {
    return { kind: 'aliases', problem: (err as Error).message };
  }
}
