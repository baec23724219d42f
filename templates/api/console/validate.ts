/**
 * The request console's validator (issue 19): checks a value against the schema tree the page already carries
 * (templates/shared/api-model.ts), for the subset of JSON Schema that tree keeps: types, nullable, enum and const,
 * required and read-only properties, maps, items, oneOf/anyOf and the readable constraints of
 * src/apiref/schema-tree.ts. A schema whose inside is not in the page (lazy, circular) accepts anything until
 * resolveSchema puts it in.
 */
import type { Json, SchemaNode, Variants } from '../../shared/api-model.ts';

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
  if (schema.variants) problems.push(...checkVariants(schema.variants, value, path));
  return problems;
}

/**
 * anyOf: one alternative must accept the value. oneOf: exactly one; with a discriminator, the one its property
 * names. When none accepts it, the problems of the closest alternative (the fewest) are the reader's to fix.
 */
function checkVariants(variants: Variants, value: Json, path: string): Problem[] {
  const tag = variants.discriminator;
  if (tag && isObject(value) && typeof value[tag] === 'string') {
    const chosen = variants.options.find((o) => o.discriminatorValue === value[tag]);
    if (chosen) return validateValue(chosen.schema, value, path);
    const known = variants.options.flatMap((o) => (o.discriminatorValue ? [JSON.stringify(o.discriminatorValue)] : []));
    if (known.length) return [{ path: join(path, tag), message: `must be one of ${known.join(', ')}` }];
  }
  const results = variants.options.map((o) => validateValue(o.schema, value, path));
  const passing = variants.options.filter((_, i) => results[i]?.length === 0);
  if (variants.kind === 'oneOf' && passing.length > 1)
    return [
      { path, message: `must match exactly one of its alternatives, not ${passing.map((o) => o.label).join(' and ')}` },
    ];
  if (passing.length > 0) return [];
  return results.reduce((a, b) => (b.length < a.length ? b : a), results[0] ?? []);
}

/**
 * The schema with what the page left out put back along the value's paths, so validateValue checks all of it:
 * a lazy schema (issue 20) loaded from its file, a circular reference replaced by the schema it repeats. Only
 * the parts the value reaches are loaded: a small body fetches no file.
 */
export async function resolveSchema(
  schema: SchemaNode,
  value: Json,
  load: (file: string) => Promise<SchemaNode>,
  above: ReadonlyMap<string, SchemaNode> = new Map(),
): Promise<SchemaNode> {
  let node = schema;
  if (node.circular) {
    const target = above.get(node.circular);
    if (!target) return node;
    node = target;
  }
  if (node.lazy) node = { ...(await load(node.lazy)), ...(node.name ? { name: node.name } : {}) };
  const scope = node.name ? new Map(above).set(node.name, node) : above;
  const out: SchemaNode = { ...node };
  if (isObject(value) && node.properties)
    out.properties = await Promise.all(
      node.properties.map(async (p) =>
        value[p.name] === undefined
          ? p
          : { ...p, schema: await resolveSchema(p.schema, value[p.name] as Json, load, scope) },
      ),
    );
  if (isObject(value) && node.additionalProperties) {
    const extra = node.additionalProperties;
    const known = new Set((node.properties ?? []).map((p) => p.name));
    const first = Object.entries(value).find(([k]) => !known.has(k));
    if (first) out.additionalProperties = await resolveSchema(extra, first[1], load, scope);
  }
  if (Array.isArray(value) && node.items && value.length > 0) {
    // Items share one schema: resolve it against each, so every item's own branches are in.
    let items = node.items;
    for (const item of value) items = await resolveSchema(items, item, load, scope);
    out.items = items;
  }
  if (node.variants) {
    const variants = node.variants;
    out.variants = {
      ...variants,
      options: await Promise.all(
        variants.options.map(async (o) => ({ ...o, schema: await resolveSchema(o.schema, value, load, scope) })),
      ),
    };
  }
  return out;
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
