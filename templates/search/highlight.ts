/** Marking the matched words in a result (issue 7): plain data, rendered by SearchDialog as <mark>. */

export interface Segment {
  text: string;
  mark: boolean;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words to mark for the indexed terms a result matched: a whole-path term (`/orders/{}`) marks its words. */
export function markedWords(matched: readonly string[]): string[] {
  const words = matched
    .flatMap((t) => (t.includes('/') ? t.split(/[^\p{L}\p{N}]+/u) : [t]))
    .filter((w) => w.length > 1);
  // Longest first, so `invoices` wins over `invoice` where both match.
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;

/** A match counts where a word starts, or a camelCase part (`consent` in `emailConsent`). */
function startsWord(text: string, at: number): boolean {
  const before = text[at - 1];
  const first = text[at] ?? '';
  return before === undefined || !WORD_CHAR.test(before) || (LOWER.test(before) && UPPER.test(first));
}

/** Matches of the words, ignoring case, where a word starts; a word may run on (`invoice` marks the start of `invoices`). */
function* wordMatches(text: string, words: readonly string[]): Generator<{ index: number; text: string }> {
  if (words.length === 0) return;
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'giu');
  for (const m of text.matchAll(pattern)) if (startsWord(text, m.index)) yield { index: m.index, text: m[0] };
}

/** `text` cut into marked and unmarked segments. */
export function highlight(text: string, words: readonly string[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of wordMatches(text, words)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index), mark: false });
    out.push({ text: m.text, mark: true });
    at = m.index + m.text.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}

/**
 * The passage of a section's text to show: from a little before the first marked word, about `length`
 * characters, cut at word boundaries, with an ellipsis where text was left out. Without a match, the start.
 */
export function snippet(text: string, words: readonly string[], length = 160): string {
  const first = wordMatches(text, words).next().value?.index ?? 0;
  if (text.length <= length) return text;
  let start = Math.max(0, first - Math.round(length / 4));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > first ? space : end;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
