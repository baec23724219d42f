import { warning, type Diagnostic } from '../diagnostics.js';

// C0 controls but tab, line feed and carriage return: no editor shows them, and in HTML, XML (the sitemap)
// or JSON they are invalid or smuggle text past a reader.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/**
 * The text with each control character replaced by U+FFFD (one UTF-16 unit for one, so every line and
 * column stays where the author sees it), and a warning per line holding some (the first five lines).
 */
export function replaceControlChars(text: string, file: string): { text: string; diagnostics: Diagnostic[] } {
  if (!CONTROL.test(text)) return { text, diagnostics: [] };
  CONTROL.lastIndex = 0;
  const diagnostics: Diagnostic[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  let lastLine = 0;
  let count = 0;
  for (const m of text.matchAll(CONTROL)) {
    for (let i = text.indexOf('\n', scanned); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = m.index;
    count++;
    if (line === lastLine || diagnostics.length >= 5) continue;
    lastLine = line;
    const code = `U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    diagnostics.push(
      warning(
        'openapi-control-char',
        `control character ${code} in the document; it is shown as \uFFFD and never copied into the output`,
        {
          file,
          line,
          column: m.index - lineStart + 1,
          hint: 'delete the character (editors often hide it: search for it by its code)',
        },
      ),
    );
  }
  if (count > diagnostics.length) {
    const last = diagnostics[diagnostics.length - 1];
    if (last) last.message += ` (${count} control characters in all)`;
  }
  return { text: text.replace(CONTROL, '\uFFFD'), diagnostics };
}
