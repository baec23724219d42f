import SwaggerParser from '@apidevtools/swagger-parser';
import validateSpec from '@apidevtools/swagger-parser/lib/validators/spec.js';
import { error, warning, type Diagnostic } from '../diagnostics.js';
import { locateEntry, locatePointer, toPointer, type SourceMap } from './locate.js';
import type { Raw } from './raw.js';
import { findMissingRef, missingRefDiagnostic } from './missing-ref.js';
import { type AjvError, schemaErrors } from './schema-validator.js';

const MAX_REPORTED = 12;
/** Keywords whose errors only repeat what their branches already said. */
const NOISE = new Set(['oneOf', 'anyOf', 'if', 'then', 'else', '$ref', '$dynamicRef', 'not']);

/**
 * Check stage for the document (issue 5, item 4): the OpenAPI schema and swagger-parser's spec rules, on
 * a copy of the bundled document (validation dereferences in place). Each problem names the file, the JSON
 * pointer and, where the pointer exists in the main file, its line.
 */
export async function checkApiDocument(
  bundled: Raw,
  options: { file: string; source: SourceMap },
): Promise<Diagnostic[]> {
  try {
    // What SwaggerParser.validate does, with the schema compiled once per process (schema-validator.ts): the
    // document dereferenced with its circular $refs left in place, checked against its version's schema, then
    // against swagger-parser's rules of the spec.
    const api = (await new SwaggerParser().dereference(
      structuredClone(bundled) as never,
      { resolve: { external: false }, dereference: { circular: 'ignore' } } as never,
    )) as unknown as { swagger?: unknown; openapi?: unknown };
    const problems = schemaErrors(api);
    if (problems.length > 0) return schemaDiagnostics(problems, options);
    validateSpec(api);
    return [];
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // The validator gives up on chains of references longer than it follows (hundreds of schemas each naming
    // the next): a limit of the validator, not an error of the document, which the reference builds without.
    if (/extremely deep or recursive schema/.test(message)) {
      return [
        warning(
          'openapi-too-deep-to-validate',
          'the document was not fully validated: its schemas reference each other in chains longer than the validator follows',
          {
            file: options.file,
            hint: 'the reference is built anyway; check the document with another validator, or shorten the chains of $refs',
          },
        ),
      ];
    }
    return [specDiagnostic(message, options)];
  }
}

/** A validator message with every long token (a JSON pointer through a deep schema) cut to its ends. */
export const shortMessage = (text: string): string =>
  text.replace(/\S{161,}/g, (token) => `${token.slice(0, 80)}…${token.slice(-80)}`).slice(0, 1000);

function schemaDiagnostics(details: AjvError[], options: { file: string; source: SourceMap }): Diagnostic[] {
  const specific = details.filter((d) => !NOISE.has(d.keyword));
  const chosen = specific.length > 0 ? specific : details;
  // Branches of a failed oneOf repeat themselves; one message per pointer and problem is enough.
  const unique = [
    ...new Map(chosen.map((d) => [`${d.instancePath}|${d.message}|${JSON.stringify(d.params)}`, d])).values(),
  ];
  // Keep the deepest pointer of a chain (the property that is wrong, not every ancestor).
  const deepest = unique.filter((d) => !unique.some((o) => o !== d && o.instancePath.startsWith(`${d.instancePath}/`)));
  const shown = deepest.slice(0, MAX_REPORTED).map((d) => {
    const at = locatePointer(options.source, `#${d.instancePath}`);
    const pointer = shortMessage(`#${d.instancePath}`);
    const unknown = d.params?.additionalProperty ?? d.params?.unevaluatedProperty;
    const extra =
      typeof unknown === 'string'
        ? `: "${unknown}"`
        : Array.isArray(d.params?.allowedValues)
          ? ` (${d.params.allowedValues.join(', ')})`
          : '';
    return error('openapi-invalid', `invalid OpenAPI document at ${pointer}: ${d.message ?? d.keyword}${extra}`, {
      file: options.file,
      line: at?.line,
      column: at?.column,
      hint: 'fix the document so that it validates against the OpenAPI specification (swagger-parser validate)',
    });
  });
  if (deepest.length > MAX_REPORTED)
    shown.push(
      error('openapi-invalid', `…and ${deepest.length - MAX_REPORTED} more problems in the OpenAPI document`, {
        file: options.file,
      }),
    );
  return shown;
}

const OPERATION = /\/paths(\/\S*?)\/(get|put|post|delete|options|head|patch|trace)\b(?:\/responses\/(\S+))?/;

/** swagger-parser's spec rules report `/paths/{path}/{method}` unescaped, or a duplicate operationId. */
function specDiagnostic(message: string, options: { file: string; source: SourceMap }): Diagnostic {
  const text = shortMessage(message.replace(/^Validation failed\.\s*/, ''));
  const missing = findMissingRef(text, options.source);
  if (missing) return missingRefDiagnostic(missing, options.file);
  const op = OPERATION.exec(text);
  const duplicateId = /Duplicate operation id '([^']+)'/.exec(text)?.[1];
  let at: { line: number; column: number; pointer: string } | undefined;
  if (op?.[1] && op[2]) {
    const pointer = toPointer(['paths', op[1], op[2], ...(op[3] ? ['responses', op[3]] : [])]);
    const pos = locatePointer(options.source, pointer);
    at = pos ? { ...pos, pointer } : undefined;
  } else if (duplicateId) {
    // The second occurrence is the duplicate.
    let count = 0;
    at = locateEntry(options.source, (key, value) => key === 'operationId' && value === duplicateId && ++count === 2);
  }
  return error('openapi-invalid', `invalid OpenAPI document${at ? ` at ${at.pointer}` : ''}: ${text}`, {
    file: options.file,
    line: at?.line,
    column: at?.column,
    hint: 'fix the document so that it validates against the OpenAPI specification (swagger-parser validate)',
  });
}
