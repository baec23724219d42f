import { error, type Diagnostic } from '../diagnostics.js';

/**
 * Guards that run before the MDX compiler sees a file (issue 8): @mdx-js/mdx overflows the stack after
 * minutes on a deep blockquote and crawls on a deep list, so deep nesting and huge files fail fast, with
 * the line, before it starts. Real pages stay far below these numbers.
 */
export const LIMITS = {
  /** Bytes of one Markdown/MDX file. */
  maxBytes: 2 * 1024 * 1024,
  /** `>` markers opening one line. */
  maxQuoteDepth: 50,
  /** List and blockquote markers opening one line (`- - 1. > …` nests one container per marker). */
  maxContainerDepth: 50,
  /** Leading columns of one line (tabs count 4): each nested list level indents by 2 or more. */
  maxIndent: 200,
  /**
   * Depth of the parsed Markdown tree. Nesting the line guards cannot see (JSX elements inside each other)
   * overflows V8 when the page's module is loaded (~2,000 levels) or React when it renders (~800).
   */
  maxTreeDepth: 256,
} as const;

/** How deep the containers a line opens go: markers and indentation before its first other character. */
interface LinePrefix {
  quotes: number;
  containers: number;
  indent: number;
}

const isBlank = (ch: string | undefined): boolean => ch === undefined || ch === ' ' || ch === '\t' || ch === '\r';

/** Reads the container prefix of one line the way CommonMark opens containers: quotes, bullets, ordered markers. */
function readPrefix(text: string): LinePrefix {
  const prefix: LinePrefix = { quotes: 0, containers: 0, indent: 0 };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ') {
      prefix.indent++;
      i++;
    } else if (ch === '\t') {
      prefix.indent += 4;
      i++;
    } else if (ch === '>') {
      prefix.quotes++;
      prefix.containers++;
      i++;
    } else if ((ch === '-' || ch === '*' || ch === '+') && isBlank(text[i + 1])) {
      prefix.containers++;
      i++;
    } else if (ch >= '0' && ch <= '9') {
      // An ordered list marker: up to nine digits, then `.` or `)`, then a blank.
      let j = i;
      while (j < text.length && j - i < 9 && (text[j] as string) >= '0' && (text[j] as string) <= '9') j++;
      if ((text[j] !== '.' && text[j] !== ')') || !isBlank(text[j + 1])) break;
      prefix.containers++;
      i = j + 1;
    } else break;
  }
  return prefix;
}

/** Collect stage guard for one source file: an error naming the line when it is too large or too deep. */
export function checkSourceLimits(source: string, file: string): Diagnostic[] {
  const deep = (message: string, line: number): Diagnostic[] => [
    error('content-too-deep', message, {
      file,
      line,
      hint: 'flatten the nesting: split the list or quote into several shallower ones',
    }),
  ];
  // Nesting first: it names a line, and a deep list is usually what made the file big.
  let line = 0;
  let start = 0;
  while (start <= source.length) {
    line++;
    const end = source.indexOf('\n', start);
    const { quotes, containers, indent } = readPrefix(source.slice(start, end === -1 ? source.length : end));
    if (quotes > LIMITS.maxQuoteDepth)
      return deep(`blockquotes nested ${quotes} levels deep; the limit is ${LIMITS.maxQuoteDepth}`, line);
    if (containers > LIMITS.maxContainerDepth)
      return deep(
        `lists and blockquotes nested ${containers} levels deep on one line; the limit is ${LIMITS.maxContainerDepth}`,
        line,
      );
    if (indent > LIMITS.maxIndent)
      return deep(`line indented ${indent} columns (a deeply nested list?); the limit is ${LIMITS.maxIndent}`, line);
    if (end === -1) break;
    start = end + 1;
  }
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > LIMITS.maxBytes) {
    return [
      error(
        'content-too-large',
        `file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${LIMITS.maxBytes / 1024 / 1024} MB`,
        {
          file,
          line: 1,
          hint: 'split the page into several documents, or move large data into a file under site/static/ and link to it',
        },
      ),
    ];
  }
  return [];
}

interface TreeNode {
  children?: TreeNode[] | undefined;
  position?: { start: { line: number } } | undefined;
}

/** Compile stage guard on the parsed tree (iterative, so the check itself cannot overflow): an error at the line nesting gets too deep. */
export function checkTreeDepth(tree: TreeNode, file: string): Diagnostic[] {
  const stack: Array<[TreeNode, number]> = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [TreeNode, number];
    if (depth > LIMITS.maxTreeDepth) {
      return [
        error('content-too-deep', `elements nested more than ${LIMITS.maxTreeDepth} levels deep`, {
          file,
          line: node.position?.start.line,
          hint: 'flatten the nesting: split deeply nested elements, lists or quotes into shallower ones',
        }),
      ];
    }
    for (const child of node.children ?? []) stack.push([child, depth + 1]);
  }
  return [];
}
