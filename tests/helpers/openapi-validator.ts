import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { resolveRef } from './openapi-ref.ts';

type Raw = Record<string, any>;

/**
 * A JSON Schema validator over an OpenAPI 3.1 document's component schemas for one direction: in a
 * request, read-only properties are not required; in a response, write-only ones are not (OpenAPI
 * semantics that JSON Schema lacks). Formats are not checked. Compiled schemas are cached.
 */
export function createSchemaValidator(doc: Raw, direction: 'request' | 'response'): (schema: Raw) => ValidateFunction {
  const skip = direction === 'request' ? 'readOnly' : 'writeOnly';
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Raw = {};
    for (const [k, v] of Object.entries(node))
      out[k] =
        k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', `${direction}#/$defs/`) : rewrite(v);
    if (Array.isArray(out.required) && out.properties) {
      out.required = (out.required as string[]).filter((name) => {
        const prop = (node as Raw).properties?.[name];
        return !(prop?.[skip] || resolveRef(doc, prop ?? {})?.[skip]);
      });
    }
    return out;
  };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: direction, $defs: rewrite(doc.components.schemas) as Raw });
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    const known = cache.get(key);
    if (known) return known;
    const fn = ajv.compile(rewrite(schema) as Raw);
    cache.set(key, fn);
    return fn;
  };
}

/** The errors of the last validation, one line. */
export const validationErrors = (fn: ValidateFunction): string =>
  (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
