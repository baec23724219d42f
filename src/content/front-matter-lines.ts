// No imports: the route stage reads lines of front matter for its messages, and must not load the front matter's
// parser and schema (YAML, zod) into every command that routes, serve's restart included.

/** Line of `key:` in a file's front matter, for messages about its value. */
export function frontMatterKeyLine(text: string, key: string): number | undefined {
  const lines = text.split('\n', 200);
  if (lines[0]?.trim() !== '---') return undefined;
  for (let i = 1; i < lines.length && lines[i]?.trim() !== '---'; i++)
    if (new RegExp(`^${key}\\s*:`).test(lines[i] ?? '')) return i + 1;
  return undefined;
}
