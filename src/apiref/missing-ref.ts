import { error, type Diagnostic } from '../diagnostics.js';
import { locateEntry, type SourceMap } from './locate.js';

/** Where a `$ref` to a component that does not exist is written, and what to do about it. */
export interface MissingRef {
  /** The target that does not exist, e.g. `#/components/schemas/Ordr`. */
  target: string;
  /** The `$ref` in the main file: its JSON pointer, line and column. */
  at?: { pointer: string; line: number; column: number } | undefined;
  hint: string;
}

/**
 * swagger-parser reports a local `$ref` to nothing as `Missing $ref pointer "#/…". Token "…" does not exist.`
 * without saying where the `$ref` is (issue 8): this finds the first `$ref` in the source that names the
 * missing target, so the message can give its line and pointer.
 */
export function findMissingRef(message: string, source: SourceMap): MissingRef | undefined {
  const target = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
  if (!target) return undefined;
  const local = target.startsWith('#') ? target : `#${target.split('#')[1] ?? ''}`;
  const at = locateEntry(
    source,
    (key, value) => key === '$ref' && typeof value === 'string' && (value === target || value === local),
  );
  const section = /^#\/components\/([^/]+)\//.exec(local)?.[1];
  return {
    target: local,
    at,
    hint: section
      ? `define ${local} under components.${section}, or point the $ref at a component that exists`
      : `point the $ref at a part of the document that exists`,
  };
}

/** A `$ref` to nothing as a diagnostic: the file, the line and pointer of the `$ref`, and what to define. */
export function missingRefDiagnostic(missing: MissingRef, file: string): Diagnostic {
  return error(
    'openapi-invalid',
    `$ref${missing.at ? ` at ${missing.at.pointer}` : ''} points to ${missing.target}, which does not exist in the document`,
    {
      file,
      line: missing.at?.line,
      column: missing.at?.column,
      hint: missing.hint,
    },
  );
}
