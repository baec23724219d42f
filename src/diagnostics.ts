/** One shape for every problem the pipeline reports (modelled on esbuild's Message/Location). */
export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  /** Stable kebab-case code, e.g. `link-broken`, `route-duplicate`, `config-invalid`. */
  code: string;
  message: string;
  file?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  /** What to change to fix it. */
  hint?: string | undefined;
  related?: Array<{ file: string; line?: number | undefined; message: string }> | undefined;
}

/** Thrown by pipeline stages that cannot go on; carries everything that was found. */
export class PortalError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[], options?: { cause?: unknown }) {
    super(diagnostics.map((d) => d.message).join('\n'), options);
    this.name = 'PortalError';
    this.diagnostics = diagnostics;
  }
}

export function error(code: string, message: string, at: Partial<Diagnostic> = {}): Diagnostic {
  return { ...at, severity: 'error', code, message };
}

export function warning(code: string, message: string, at: Partial<Diagnostic> = {}): Diagnostic {
  return { ...at, severity: 'warning', code, message };
}

export const hasErrors = (list: readonly Diagnostic[]): boolean => list.some((d) => d.severity === 'error');

/** Throws a PortalError when any diagnostic is an error; returns the warnings otherwise. */
export function throwOnErrors(list: readonly Diagnostic[]): Diagnostic[] {
  if (hasErrors(list)) throw new PortalError(list.filter((d) => d.severity === 'error'));
  return list.filter((d) => d.severity === 'warning');
}

/** `file:line:column`, or as much of it as is known. */
export function formatLocation(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  if (!d.file) return '';
  return d.file + (d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : '');
}

/** At most this many characters of a name or URL are quoted in a message: never a multi-kilobyte line (issue 14). */
export const QUOTE_MAX = 120;
export const excerpt = (text: string): string => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

/** How many names a message lists before it says how many more there are: a large site has thousands of ids. */
export const LIST_MAX = 30;
/** Names for a message, sorted: `a, b, c` or `a, b, … and 970 more`. */
export function listed(names: Iterable<string>): string {
  const sorted = [...names].sort();
  const shown = sorted.slice(0, LIST_MAX).map(excerpt).join(', ');
  return sorted.length > LIST_MAX ? `${shown}, … and ${sorted.length - LIST_MAX} more` : shown;
}

/** The same diagnostic reported twice (by two locales, or by two stages) is listed once. */
export function dedupeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.file}|${d.line}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
