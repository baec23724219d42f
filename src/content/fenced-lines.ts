/**
 * Reads a Markdown source line by line, in order, and tells whether each line is prose: not a fence of a fenced
 * code block and not inside one. A closing fence is the opening one's character, at least as long. Fences are
 * found at any indentation: MDX has no indented code blocks, and a fence inside a list or a JSX element is indented.
 */
export function proseLines(): (line: string) => boolean {
  let fence: string | undefined;
  return (line) => {
    const marker = /^[ \t]*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return false;
    }
    return fence === undefined;
  };
}

/** `source` with `edit` applied to each prose line (proseLines); code blocks are left as written. */
export function editProse(source: string, edit: (line: string) => string): string {
  const isProse = proseLines();
  return source
    .split('\n')
    .map((line) => (isProse(line) ? edit(line) : line))
    .join('\n');
}
