/**
 * JSON data as block-style YAML, for the `.yaml` download of a JSON (or multi-file) document (issue 5 item 6).
 * The `yaml` library's stringify builds a node tree first and took about a second for 1,000 operations; this
 * writes the text directly. Only what JSON can hold is handled, and every string that could be read back as
 * something else is quoted, JSON-style (a JSON string is a valid YAML double-quoted scalar).
 */
export function toYaml(value: unknown): string {
  return `${isCollection(value) ? block(value, '') : scalar(value, '')}\n`;
}

type Collection = unknown[] | Record<string, unknown>;

const isCollection = (v: unknown): v is Collection =>
  typeof v === 'object' && v !== null && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);

/** Words YAML 1.1 or 1.2 read as booleans or null, whatever their case. */
const RESERVED = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~']);
/** Safe unquoted: starts with a letter, no `:` or `#` (mapping and comment indicators), no edge spaces. */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_ .,;/()'"!?&*+=<>@$%^|\\[\]{}-]*$/;
/** Characters a literal block cannot carry, or that some readers take for line breaks. */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

function plainOk(s: string): boolean {
  return PLAIN.test(s) && !s.endsWith(' ') && !RESERVED.has(s.toLowerCase()) && !/\s[[\]{}]|[[\]{},]\s|,$/.test(s);
}

function key(k: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(k) && !RESERVED.has(k.toLowerCase()) ? k : JSON.stringify(k);
}

/** A scalar after `key: ` or `- `; `indent` is the indentation of that line, for literal blocks. */
function scalar(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object') return '{}';
  const s = String(v);
  if (plainOk(s)) return s;
  // Multi-line text (descriptions) as a literal block, kept readable; anything unusual is quoted.
  if (
    s.includes('\n') &&
    !UNPRINTABLE.test(s) &&
    !s.includes('\r') &&
    /^[^\s]/.test(s) &&
    !/(^|\n)[ \t]+(\n|$)/.test(s)
  ) {
    const trailing = /\n*$/.exec(s)?.[0].length ?? 0;
    const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
    const body = (trailing > 1 ? s.slice(0, -1) : trailing === 1 ? s.slice(0, -1) : s).split('\n');
    return `|${chomp}\n${body.map((line) => (line === '' ? '' : `${indent}  ${line}`)).join('\n')}`;
  }
  return JSON.stringify(s);
}

/** A non-empty mapping or sequence, each entry on its own line at `indent`. */
function block(v: Collection, indent: string): string {
  const lines: string[] = [];
  const entry = (head: string, child: unknown) => {
    if (isCollection(child)) {
      // A sequence under a key stays at the key's indentation; a mapping is indented.
      if (Array.isArray(child) && !head.startsWith('-')) lines.push(`${indent}${head}\n${block(child, indent)}`);
      else if (head.startsWith('-')) lines.push(`${indent}- ${block(child, `${indent}  `).slice(indent.length + 2)}`);
      else lines.push(`${indent}${head}\n${block(child, `${indent}  `)}`);
    } else {
      lines.push(`${indent}${head} ${scalar(child, indent)}`);
    }
  };
  if (Array.isArray(v)) for (const item of v) entry('-', item);
  else for (const [k, child] of Object.entries(v)) entry(`${key(k)}:`, child);
  return lines.join('\n');
}
