import { error, type Diagnostic } from '../diagnostics.js';

/**
 * Guards that run before the MDX compiler sees a file: it overflows the stack on deep blockquotes and
 * slows to minutes on deep lists, so deep nesting and huge files fail fast with a message (issue 8).
 */
export const LIMITS = { maxBytes: 2 * 1024 * 1024, maxQuoteDepth: 50, maxIndent: 200 } as const;

export function checkSourceLimits(source: string, file: string): Diagnostic[] {
  if (source.length > LIMITS.maxBytes) {
    return [error('content-too-large', `file is ${(source.length / 1024 / 1024).toFixed(1)} MB; the limit is ${LIMITS.maxBytes / 1024 / 1024} MB`, { file, hint: 'split the page into several documents' })];
  }
  let line = 0;
  let start = 0;
  while (start <= source.length) {
    line++;
    const end = source.indexOf('\n', start);
    const text = source.slice(start, end === -1 ? source.length : end);
    let depth = 0;
    let indent = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '>') depth++;
      else if (ch === ' ') indent++;
      else if (ch === '\t') indent += 4;
      else if ((ch === '-' || ch === '*' || ch === '+') && text[i + 1] === ' ') indent += 2;
      else break;
    }
    if (depth > LIMITS.maxQuoteDepth) {
      return [error('content-too-deep', `blockquotes nested ${depth} levels deep; the limit is ${LIMITS.maxQuoteDepth}`, { file, line, hint: 'flatten the nesting' })];
    }
    if (indent > LIMITS.maxIndent) {
      return [error('content-too-deep', `line indented ${indent} columns (deeply nested list?); the limit is ${LIMITS.maxIndent}`, { file, line, hint: 'flatten the nesting' })];
    }
    if (end === -1) break;
    start = end + 1;
  }
  return [];
}
