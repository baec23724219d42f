import type { Json } from '../../templates/shared/api-model.js';
import { arr, isObject, mergeAllOf, schemaTypes, str } from './raw.js';

/** Which side of the wire: requests leave out readOnly properties, responses writeOnly ones. */
export type ExampleDirection = 'request' | 'response';

const MAX_DEPTH = 8;

const FORMATS: Record<string, Json> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  byte: 'U3dhZ2dlciByb2Nrcw==',
  binary: '<binary>',
  password: '********',
};

/**
 * An example value built from a schema, for bodies the document gives no example for (issue 5): the
 * schema's own example, default, const or first enum value where it has one, else a plausible value of its
 * type. Cycles and very deep nesting end in `undefined`, which drops the property.
 */
export function buildExample(
  schema: unknown,
  lookup: (ref: string) => unknown,
  direction: ExampleDirection,
  stack: readonly string[] = [],
): Json | undefined {
  if (!isObject(schema)) return schema === true ? {} : undefined;
  if (typeof schema.$ref === 'string') {
    if (stack.includes(schema.$ref) || stack.length > MAX_DEPTH) return undefined;
    const { $ref, ...siblings } = schema;
    const target = lookup($ref);
    const effective = Object.keys(siblings).length > 0 && isObject(target) ? { ...target, ...siblings } : target;
    return buildExample(effective, lookup, direction, [...stack, $ref]);
  }
  if (stack.length > MAX_DEPTH * 2) return undefined;
  if (Array.isArray(schema.allOf)) {
    const refs = schema.allOf.flatMap((m) => (isObject(m) && typeof m.$ref === 'string' ? [m.$ref] : []));
    if (refs.some((r) => stack.includes(r))) return undefined;
    return buildExample(mergeAllOf(schema, lookup), lookup, direction, [...stack, ...refs]);
  }
  if (schema.example !== undefined) return schema.example as Json;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0] as Json;
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.default !== undefined) return schema.default as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return (schema.enum.find((v) => v !== null) ?? null) as Json;
  const variant = arr(schema.oneOf)[0] ?? arr(schema.anyOf)[0];
  if (variant !== undefined) {
    const { oneOf: _o, anyOf: _a, ...base } = schema;
    const merged = Object.keys(base).length > 0 ? { allOf: [base, variant] } : variant;
    return buildExample(merged, lookup, direction, [...stack, `#variant${stack.length}`]);
  }
  const type = schemaTypes(schema).types[0];
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [name, prop] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        if (
          isObject(prop) &&
          ((direction === 'request' && prop.readOnly === true) || (direction === 'response' && prop.writeOnly === true))
        )
          continue;
        if (isObject(prop) && typeof prop.$ref === 'string' && hasFlag(lookup(prop.$ref), direction)) continue;
        const value = buildExample(prop, lookup, direction, [...stack, `#prop${stack.length}`]);
        if (value !== undefined) out[name] = value;
      }
      if (Object.keys(out).length === 0 && isObject(schema.additionalProperties)) {
        const value = buildExample(schema.additionalProperties, lookup, direction, [...stack, `#map${stack.length}`]);
        if (value !== undefined) out.key = value;
      }
      return out;
    }
    case 'array': {
      const item = buildExample(Array.isArray(schema.items) ? schema.items[0] : schema.items, lookup, direction, [
        ...stack,
        `#item${stack.length}`,
      ]);
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number'
        ? schema.minimum
        : typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : 0;
    case 'boolean':
      return true;
    case 'string':
      return FORMATS[str(schema.format) ?? ''] ?? 'string';
    case 'null':
      return null;
    default:
      return isObject(schema.properties)
        ? buildExample({ ...schema, type: 'object' }, lookup, direction, stack)
        : undefined;
  }
}

/** Examples of named schemas already built, by direction and ref (`response|#/components/schemas/error`). */
export type ExampleMemo = Map<string, Json | undefined>;

/**
 * buildExample for a schema that is only a `$ref`: its example depends on nothing else, so it is built once per
 * direction and the same value is shared by every body and response naming that schema. Stripe's error object is
 * the default response of all 417 operations, and its example alone was rebuilt 417 times. Examples are never
 * changed once built (a document's own examples are shared with the document already).
 */
export function exampleOf(
  schema: unknown,
  lookup: (ref: string) => unknown,
  direction: ExampleDirection,
  memo: ExampleMemo | undefined,
): Json | undefined {
  const ref = isObject(schema) && Object.keys(schema).length === 1 ? schema.$ref : undefined;
  if (!memo || typeof ref !== 'string') return buildExample(schema, lookup, direction);
  const key = `${direction}|${ref}`;
  if (memo.has(key)) return memo.get(key);
  const value = buildExample(schema, lookup, direction);
  memo.set(key, value);
  return value;
}

const hasFlag = (target: unknown, direction: ExampleDirection): boolean =>
  isObject(target) &&
  ((direction === 'request' && target.readOnly === true) || (direction === 'response' && target.writeOnly === true));
