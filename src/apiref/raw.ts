import { pointerSegments } from './locate.js';

/** A value straight from the (bundled) document: untyped until the model builders read it. */
export type Raw = Record<string, unknown>;

export const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const bool = (v: unknown): boolean => v === true;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const entries = (v: unknown): Array<[string, unknown]> => (isObject(v) ? Object.entries(v) : []);

/** Looks a local `$ref` up in the bundled document; external refs were inlined by the bundler. */
export function createRefLookup(root: unknown): (ref: string) => unknown {
  return (ref) => {
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = root;
    for (const segment of pointerSegments(ref)) {
      if (Array.isArray(node)) node = node[Number(segment)];
      else if (isObject(node)) node = node[segment];
      else return undefined;
    }
    return node;
  };
}

/**
 * Follows a chain of `$ref`s for non-schema objects (parameters, responses, examples...). OpenAPI 3.1 lets
 * `summary` and `description` sit next to a `$ref` and override the target's.
 */
export function deref(value: unknown, lookup: (ref: string) => unknown): Raw | undefined {
  let current = value;
  const seen = new Set<string>();
  let overrides: Raw = {};
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    const { $ref, ...siblings } = current;
    overrides = { ...siblings, ...overrides };
    current = lookup($ref);
  }
  return isObject(current) ? { ...current, ...overrides } : undefined;
}

/** `#/components/schemas/Pet` or `#/definitions/Pet` -> `Pet`; other refs have no component name. */
export function componentName(ref: string): string | undefined {
  const m = /^#\/(?:components\/schemas|definitions)\/([^/]+)$/.exec(ref);
  return m?.[1] ? m[1].replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** Marks a schema produced by merging allOf: its discriminator no longer lists subtypes. */
export const MERGED = '__portalMerged';

/**
 * allOf flattened into one schema at the raw level: properties and `required` unite (a property defined
 * twice becomes an allOf of both, merged when it is expanded), other keywords: the later member wins, so
 * a subtype's own description replaces its parent's. `seen` stops an allOf that includes itself.
 */
export function mergeAllOf(schema: Raw, lookup: (ref: string) => unknown, seen: ReadonlySet<string> = new Set()): Raw {
  const { allOf, ...own } = schema;
  const parts: Raw[] = [];
  for (const member of arr(allOf)) {
    let part: unknown = member;
    let nextSeen = seen;
    if (isObject(part) && typeof part.$ref === 'string') {
      if (seen.has(part.$ref)) continue;
      nextSeen = new Set([...seen, part.$ref]);
      const { $ref, ...siblings } = part;
      const target = lookup($ref);
      part = isObject(target) ? { ...target, ...siblings } : siblings;
    }
    if (!isObject(part)) continue;
    parts.push(Array.isArray(part.allOf) ? mergeAllOf(part, lookup, nextSeen) : part);
  }
  parts.push(own);
  const merged: Raw = { [MERGED]: true };
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) {
        const props: Raw = isObject(merged.properties) ? { ...merged.properties } : {};
        for (const [name, prop] of Object.entries(value))
          props[name] = props[name] === undefined ? prop : { allOf: [props[name], prop] };
        merged.properties = props;
      } else if (key === 'required' && Array.isArray(value)) {
        merged.required = [...new Set([...arr(merged.required), ...value])];
      } else if (key === 'discriminator' && merged.discriminator !== undefined) {
        // the root of the hierarchy names the discriminator; keep it
      } else if (value !== undefined) {
        merged[key] = value;
      }
    }
  }
  return merged;
}

/** Type names of a schema: `type` (a string or, in 3.1, a list), else inferred from its keywords. */
export function schemaTypes(schema: Raw): { types: string[]; nullable: boolean } {
  const declared = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const nullable = declared.includes('null') || schema.nullable === true || schema['x-nullable'] === true;
  let types = declared.filter((t) => t !== 'null');
  if (types.length === 0) {
    if (isObject(schema.properties) || isObject(schema.additionalProperties)) types = ['object'];
    else if (schema.items !== undefined) types = ['array'];
    else if (Array.isArray(schema.enum) && schema.enum.length > 0)
      types = [jsonType(schema.enum.find((v) => v !== null))];
    else if (schema.const !== undefined) types = [jsonType(schema.const)];
  }
  if (types.length === 0 && declared.includes('null')) types = ['null'];
  return { types, nullable: nullable && !(types.length === 1 && types[0] === 'null') };
}

const jsonType = (v: unknown): string =>
  v === null || v === undefined
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : Number.isInteger(v)
        ? 'integer'
        : typeof v === 'object'
          ? 'object'
          : typeof v;
