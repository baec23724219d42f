/**
 * Where a JSON pointer's node starts in the text of a valid JSON document, found by skimming the text instead of
 * parsing it with positions: a message about one spot of Stripe's 4 MB document (a broken description link)
 * otherwise costs a YAML parse of the whole of it, about a second. Offsets are those the YAML parse gives: a
 * member's key (its opening quote), an array item's first character.
 *
 * `found` is how many segments matched: fewer than the pointer's when a segment is missing or meets a scalar.
 */
export function jsonPointerOffset(text: string, segments: readonly string[]): { offset: number; found: number } {
  let pos = skipSpace(text, 0);
  let offset = pos;
  let found = 0;
  for (const segment of segments) {
    const inObject = text[pos] === '{';
    const at = inObject ? memberKey(text, pos, segment) : text[pos] === '[' ? item(text, pos, segment) : -1;
    if (at < 0) break;
    offset = at;
    pos = inObject ? valueAfterKey(text, at) : at;
    found++;
  }
  return { offset, found };
}

/** Offset of the first key equal to `name` in the object at `pos` (the first, as the YAML parse finds), or -1. */
function memberKey(text: string, pos: number, name: string): number {
  let i = skipSpace(text, pos + 1);
  while (text[i] === '"') {
    const end = stringEnd(text, i);
    const raw = text.slice(i + 1, end - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
    if (key === name) return i;
    i = skipSpace(text, valueEnd(text, valueAfterKey(text, i)));
    if (text[i] !== ',') return -1;
    i = skipSpace(text, i + 1);
  }
  return -1;
}

/** Offset of item `Number(segment)` of the array at `pos` (as the YAML parse indexes it), or -1. */
function item(text: string, pos: number, segment: string): number {
  const wanted = Number(segment);
  let i = skipSpace(text, pos + 1);
  if (text[i] === ']') return -1;
  for (let n = 0; i < text.length; n++) {
    if (n === wanted) return i;
    i = skipSpace(text, valueEnd(text, i));
    if (text[i] !== ',') return -1;
    i = skipSpace(text, i + 1);
  }
  return -1;
}

/** The start of the value of the member whose key starts at `key`. */
const valueAfterKey = (text: string, key: number): number => {
  const colon = skipSpace(text, stringEnd(text, key));
  return skipSpace(text, colon + 1);
};

/** Just past the string whose opening quote is at `pos`. */
function stringEnd(text: string, pos: number): number {
  let i = pos + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Just past the value starting at `pos`. */
function valueEnd(text: string, pos: number): number {
  const c = text[pos];
  if (c === '"') return stringEnd(text, pos);
  if (c !== '{' && c !== '[') {
    let i = pos;
    while (i < text.length && !',}] \t\r\n'.includes(text[i] as string)) i++;
    return i;
  }
  let depth = 0;
  for (let i = pos; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') i = stringEnd(text, i) - 1;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

function skipSpace(text: string, pos: number): number {
  let i = pos;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}

/** Line and column (1-based) of `offset`, counted as the YAML parser's line counter does (lines end at \n). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, column: offset - start + 1 };
}
