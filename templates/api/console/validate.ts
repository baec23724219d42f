/**
 * The request console's validator (issue 19): checks a value against the schema tree the page already carries
 * (templates/shared/api-model.ts), for the subset of JSON Schema that tree keeps: types, nullable, enum and const,
 * required and read-only properties, maps, items, oneOf/anyOf and the readable constraints of
 * src/apiref/schema-tree.ts. A schema whose inside is not in the page (lazy, circular) accepts anything.
 */
import type { Json, SchemaNode } from '../../shared/api-model.ts';

export interface Problem {
  /** Where, as the reader reads it: `customer.email`, `lines[0].quantity`; empty for the value itself. */
  path: string;
  message: string;
}

export function validateValue(schema: SchemaNode, value: Json, path = ''): Problem[] {
  if (schema.lazy || schema.circular) return [];
  if (value === null && schema.nullable) return [];
  const types = schema.type.split(' | ');
  if (!types.includes('any') && !types.some((t) => hasType(t, value))) {
    return [{ path, message: `must be ${article(types.join(' or '))}` }];
  }
  if (schema.const !== undefined && !sameJson(schema.const, value)) {
    return [{ path, message: `must be ${JSON.stringify(schema.const)}` }];
  }
  if (schema.enum && !schema.enum.some((e) => sameJson(e, value))) {
    return [{ path, message: `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}` }];
  }
  const problems = checkConstraints(schema, value, path);
  if (schema.format && typeof value === 'string' && !formatOk(schema.format, value)) {
    problems.push({ path, message: `must be a valid ${schema.format}` });
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((item, i) => {
      problems.push(...validateValue(items, item, `${path}[${i}]`));
    });
  }
  if (isObject(value)) problems.push(...checkObject(schema, value, path));
  if (schema.variants) {
    const results = schema.variants.options.map((o) => validateValue(o.schema, value, path));
    if (!results.some((r) => r.length === 0)) {
      const best = results.reduce((a, b) => (b.length < a.length ? b : a));
      problems.push(...best);
    }
  }
  return problems;
}

function checkObject(schema: SchemaNode, value: { [key: string]: Json }, path: string): Problem[] {
  const problems: Problem[] = [];
  const known = new Set<string>();
  for (const prop of schema.properties ?? []) {
    known.add(prop.name);
    const child = join(path, prop.name);
    const v = value[prop.name];
    if (v === undefined) {
      // Read-only fields are the server's to fill: a request does not send them.
      if (prop.required && !prop.schema.readOnly) problems.push({ path: child, message: 'is required' });
    } else problems.push(...validateValue(prop.schema, v, child));
  }
  const extra = schema.additionalProperties;
  if (extra) {
    for (const [key, v] of Object.entries(value)) {
      if (!known.has(key)) problems.push(...validateValue(extra, v, join(path, key)));
    }
  }
  return problems;
}

/** The constraints as src/apiref/schema-tree.ts words them (`>= 1`, `max length 200`, `pattern ^a$`). */
function checkConstraints(schema: SchemaNode, value: Json, path: string): Problem[] {
  const problems: Problem[] = [];
  for (const c of schema.constraints ?? []) {
    const fail = (message: string) => problems.push({ path, message });
    const bound = /^(>=|<=|>|<) (-?[\d.e+-]+)$/.exec(c);
    if (bound && typeof value === 'number') {
      const n = Number(bound[2]);
      const ok = { '>=': value >= n, '<=': value <= n, '>': value > n, '<': value < n }[bound[1] as '>='];
      if (!ok) fail(`must be ${bound[1]} ${n}`);
      continue;
    }
    const [, word, num] =
      /^(multiple of|length|min length|max length|min items|max items|min properties|max properties) (\d[\d.e+-]*)$/.exec(
        c,
      ) ?? [];
    if (word && num !== undefined) {
      const n = Number(num);
      const size = sizeOf(word, value);
      if (word === 'multiple of') {
        if (typeof value === 'number' && Math.abs(value / n - Math.round(value / n)) > 1e-9)
          fail(`must be a multiple of ${n}`);
      } else if (size !== undefined) {
        const unit = word.endsWith('items') ? 'items' : word.endsWith('properties') ? 'properties' : 'characters';
        if (word.startsWith('min') && size < n) fail(`must have at least ${n} ${unit}`);
        if (word.startsWith('max') && size > n) fail(`must have at most ${n} ${unit}`);
        if (word === 'length' && size !== n) fail(`must have exactly ${n} ${unit}`);
      }
      continue;
    }
    if (c.startsWith('pattern ') && typeof value === 'string') {
      let re: RegExp | undefined;
      try {
        re = new RegExp(c.slice('pattern '.length), 'u');
      } catch {
        re = undefined;
      }
      if (re && !re.test(value)) fail(`must match ${c.slice('pattern '.length)}`);
    } else if (c === 'unique items' && Array.isArray(value)) {
      if (new Set(value.map((v) => JSON.stringify(v))).size !== value.length) fail('must not repeat items');
    }
  }
  return problems;
}

function sizeOf(word: string, value: Json): number | undefined {
  if (word.endsWith('items')) return Array.isArray(value) ? value.length : undefined;
  if (word.endsWith('properties')) return isObject(value) ? Object.keys(value).length : undefined;
  return typeof value === 'string' ? [...value].length : undefined;
}

function hasType(type: string, value: Json): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

const FORMATS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

function formatOk(format: string, value: string): boolean {
  if (format === 'uri') return URL.canParse(value);
  const re = FORMATS[format];
  return !re || re.test(value);
}

export const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const sameJson = (a: Json, b: Json): boolean => JSON.stringify(a) === JSON.stringify(b);
const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);
const article = (t: string): string => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

/**
 * A parameter as typed into a text field, read as its schema's type: `12` for an integer, `true` for a boolean,
 * `a,b` for an array (the form style). What cannot be read stays a string, for the validator to name.
 */
export function readParameter(schema: SchemaNode, raw: string): Json {
  const type = schema.type.split(' | ')[0];
  if (type === 'array') return raw.split(',').map((part) => readParameter(schema.items ?? { type: 'string' }, part));
  if ((type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
