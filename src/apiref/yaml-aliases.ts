import { isAlias, visit } from 'yaml';
import type { SourceMap } from './locate.js';

/**
 * Line and column of the first YAML alias (`*name`) in the document (issue 8): when the parser stops an
 * alias bomb it does not say where, and the aliases are what the author has to remove.
 */
export function locateFirstAlias(map: SourceMap): { line: number; column: number } | undefined {
  let offset: number | undefined;
  visit(map.doc, {
    Alias(_key, node) {
      if (isAlias(node) && node.range) {
        offset = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (offset === undefined) return undefined;
  const { line, col } = map.lines.linePos(offset);
  return { line, column: col };
}
