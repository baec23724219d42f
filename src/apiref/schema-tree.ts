import type { Json, SafeHtml, SchemaNode, Variants } from '../../templates/shared/api-model.js';
import { arr, componentName, entries, isObject, mergeAllOf, MERGED, schemaTypes, str, type Raw } from './raw.js';

export interface SchemaContext {
  lookup: (ref: string) => unknown;
  markdown: (md: string | undefined) => SafeHtml | undefined;
  /** Component refs whose allOf includes the given ref: the implicit subtypes of a discriminator. */
  subtypesOf: (ref: string) => string[];
  /** A request body leaves out readOnly properties, a response writeOnly ones (as Redoc and Stripe do). */
  direction?: 'request' | 'response' | undefined;
  /** Named schemas already built, shared by every tree of one document. */
  memo?: SchemaMemo | undefined;
}

/** Builds the index behind `SchemaContext.subtypesOf` once per document. */
export function indexSubtypes(schemas: unknown, prefix: string): (ref: string) => string[] {
  const byParent = new Map<string, string[]>();
  for (const [name, schema] of entries(schemas)) {
    if (!isObject(schema)) continue;
    for (const member of arr(schema.allOf)) {
      if (isObject(member) && typeof member.$ref === 'string') {
        byParent.set(member.$ref, [
          ...(byParent.get(member.$ref) ?? []),
          `${prefix}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        ]);
      }
    }
  }
  return (ref) => byParent.get(ref) ?? [];
}

/** Named schemas by key (`schemaKey`): each built once per direction and shared by every place that uses it. */
export type SchemaMemo = Map<string, SchemaNode>;

/** The document-wide key of a named schema as seen from one direction: `response|#/components/schemas/Order`. */
export const schemaKey = (direction: SchemaContext['direction'], ref: string): string => `${direction ?? ''}|${ref}`;

/**
 * The schema of a parameter, body or response as a graph of shared nodes (issue 5, issue 20): refs resolved,
 * allOf merged, oneOf/anyOf and discriminators as variants. Each named schema is built once per direction and
 * the same node is used wherever it appears, so the model grows with the document, not with how often its
 * schemas are used. A ref met while its own schema is still being built (recursion) is a small node with `ref`;
 * pages decide how far to open the graph (schema-inline.ts).
 */
export function buildSchemaTree(schema: unknown, ctx: SchemaContext): SchemaNode {
  return build(schema, ctx.memo ? ctx : { ...ctx, memo: new Map() }, []);
}

/** The named schema of `key`, built now if no tree has used it yet (a ref only met with siblings, or in a cycle). */
export function namedSchemaOf(key: string, ctx: SchemaContext): SchemaNode {
  // Pages resolve the same keys over and over: a schema already built is one lookup.
  const known = ctx.memo?.get(key);
  if (known) return known;
  const at = key.indexOf('|');
  const direction = key.slice(0, at);
  const ref = key.slice(at + 1);
  return buildSchemaTree(
    { $ref: ref },
    { ...ctx, direction: direction === 'request' || direction === 'response' ? direction : undefined },
  );
}

function build(schema: unknown, ctx: SchemaContext, stack: readonly string[]): SchemaNode {
  if (schema === true || schema === undefined || (isObject(schema) && Object.keys(schema).length === 0))
    return { type: 'any' };
  if (!isObject(schema)) return { type: schema === false ? 'never' : 'any' };

  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    const name = componentName(ref) ?? ref.split('/').pop() ?? ref;
    const target = ctx.lookup(ref);
    if (!isObject(target)) return { type: 'any', name };
    const { $ref: _ref, description, ...siblings } = schema;
    // spec §2 of OpenAPI 3.1: a description next to $ref overrides the target's.
    const own = typeof description === 'string' ? ctx.markdown(description) : undefined;
    if (Object.keys(siblings).length === 0) {
      const shared = namedSchema(ref, target, name, ctx, stack);
      return own ? { ...shared, description: own } : shared;
    }
    if (stack.includes(ref)) return recursion(ref, target, name, ctx);
    const inner = [...stack, ref];
    const node = build(mergeAllOf({ allOf: [{ $ref: ref }, siblings] }, ctx.lookup), ctx, inner);
    return {
      ...node,
      name: componentName(ref) ?? node.name ?? name,
      ...(own ? { description: own } : {}),
      ...implicitVariants(target, ref, ctx, inner),
    };
  }

  if (Array.isArray(schema.allOf)) {
    const refs = schema.allOf.flatMap((m) => (isObject(m) && typeof m.$ref === 'string' ? [m.$ref] : []));
    const loop = refs.find((r) => stack.includes(r));
    if (loop) return recursion(loop, ctx.lookup(loop), componentName(loop) ?? loop, ctx);
    const merged = mergeAllOf(schema, ctx.lookup);
    const node = build(merged, ctx, [...stack, ...refs]);
    const single = refs.length === 1 && refs[0] ? componentName(refs[0]) : undefined;
    return single && !node.name ? { ...node, name: single } : node;
  }

  const { types, nullable } = schemaTypes(schema);
  const node: SchemaNode = { type: types.join(' | ') || (schema.oneOf || schema.anyOf ? '' : 'any') };
  copyMeta(schema, node, ctx);
  if (nullable) node.nullable = true;

  const required = new Set(arr(schema.required).filter((r): r is string => typeof r === 'string'));
  if (isObject(schema.properties)) {
    node.properties = Object.entries(schema.properties)
      .filter(([, prop]) => !hiddenIn(prop, ctx))
      .map(([name, prop]) => ({ name, required: required.has(name), schema: build(prop, ctx, stack) }));
  }
  if (isObject(schema.additionalProperties)) node.additionalProperties = build(schema.additionalProperties, ctx, stack);
  if (schema.items !== undefined)
    node.items = build(Array.isArray(schema.items) ? schema.items[0] : schema.items, ctx, stack);
  const discriminator = discriminatorOf(schema);
  if (discriminator) node.discriminator = discriminator.propertyName;
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const options = arr(schema[kind]);
    if (options.length === 0) continue;
    node.variants = {
      kind,
      ...(discriminator ? { discriminator: discriminator.propertyName } : {}),
      options: options.map((option, i) => {
        const tree = build(option, ctx, stack);
        const value =
          discriminator && isObject(option) && typeof option.$ref === 'string'
            ? discriminatorValue(discriminator, option.$ref)
            : undefined;
        return {
          label: tree.name ?? tree.title ?? `${tree.type || 'Option'} ${i + 1}`,
          schema: tree,
          ...(value ? { discriminatorValue: value } : {}),
        };
      }),
    };
    break;
  }
  return node;
}

/** Named schemas built inside one another at most before the next is left to be built on its own. */
const MAX_NESTED_BUILDS = 64;

/** A named schema's one node for this direction: built on first use, the same object ever after. */
function namedSchema(ref: string, target: Raw, name: string, ctx: SchemaContext, stack: readonly string[]): SchemaNode {
  const key = schemaKey(ctx.direction, ref);
  const memo = ctx.memo as SchemaMemo;
  const known = memo.get(key);
  if (known) return known;
  if (stack.includes(ref)) return recursion(ref, target, name, ctx);
  // A long chain of schemas each naming the next (thousands of resources linking one another) would nest the
  // build as deep as the chain: past this depth the schema is named here and built on its own when a page opens it.
  if (stack.length >= MAX_NESTED_BUILDS)
    return { type: schemaTypes(target).types.join(' | ') || 'object', name, ref: key };
  const inner = [...stack, ref];
  const node = build(target, ctx, inner);
  const result: SchemaNode = {
    ...node,
    name: componentName(ref) ?? node.name ?? name,
    key,
    ...implicitVariants(target, ref, ctx, inner),
  };
  memo.set(key, result);
  return result;
}

/** A ref met inside its own expansion: a node naming the schema, which pages link or load instead of repeating. */
function recursion(ref: string, target: unknown, name: string, ctx: SchemaContext): SchemaNode {
  return {
    type: isObject(target) ? schemaTypes(target).types.join(' | ') || 'object' : 'object',
    name,
    circular: name,
    ref: schemaKey(ctx.direction, ref),
  };
}

/**
 * A component with a discriminator but no oneOf lists its subtypes: the mapping's targets, else the
 * components that extend it through allOf (the Swagger 2.0 pattern).
 */
function implicitVariants(
  target: Raw,
  ref: string,
  ctx: SchemaContext,
  stack: readonly string[],
): { variants?: Variants } {
  const discriminator = discriminatorOf(target);
  if (!discriminator || target.oneOf || target.anyOf || target[MERGED]) return {};
  const mapped = Object.values(discriminator.mapping);
  const subtypes = mapped.length > 0 ? mapped : ctx.subtypesOf(ref);
  const children = subtypes.filter((s) => s !== ref);
  if (children.length === 0) return {};
  // The parent is left off the stack: each subtype merges it back in through its own allOf.
  const inner = stack.filter((s) => s !== ref);
  return {
    variants: {
      kind: 'oneOf',
      discriminator: discriminator.propertyName,
      options: children.map((child) => {
        const tree = build({ $ref: child }, ctx, inner);
        return {
          label: tree.name ?? child,
          schema: tree,
          discriminatorValue: discriminatorValue(discriminator, child) ?? tree.name ?? child,
        };
      }),
    },
  };
}

/** readOnly in a request, writeOnly in a response: the property does not travel that way. */
function hiddenIn(prop: unknown, ctx: SchemaContext): boolean {
  if (!ctx.direction || !isObject(prop)) return false;
  const flag = ctx.direction === 'request' ? 'readOnly' : 'writeOnly';
  if (prop[flag] === true) return true;
  const target = typeof prop.$ref === 'string' ? ctx.lookup(prop.$ref) : undefined;
  return isObject(target) && target[flag] === true && prop[flag] !== false;
}

function discriminatorOf(schema: Raw): { propertyName: string; mapping: Record<string, string> } | undefined {
  // Swagger 2.0 names only the property; OpenAPI 3 adds an optional value -> $ref mapping.
  if (typeof schema.discriminator === 'string') return { propertyName: schema.discriminator, mapping: {} };
  if (!isObject(schema.discriminator)) return undefined;
  const propertyName = str(schema.discriminator.propertyName);
  if (!propertyName) return undefined;
  const mapping: Record<string, string> = {};
  for (const [value, target] of entries(schema.discriminator.mapping)) {
    if (typeof target === 'string') mapping[value] = target.startsWith('#') ? target : `#/components/schemas/${target}`;
  }
  return { propertyName, mapping };
}

function discriminatorValue(d: { mapping: Record<string, string> }, ref: string): string | undefined {
  const found = Object.entries(d.mapping).find(([, target]) => target === ref);
  return found ? found[0] : componentName(ref);
}

function copyMeta(schema: Raw, node: SchemaNode, ctx: SchemaContext): void {
  const title = str(schema.title);
  if (title) node.title = title;
  // OpenAPI 3.1 writes a file as contentMediaType / contentEncoding where 3.0 wrote format binary / base64.
  const format =
    str(schema.format) ??
    (schema.contentEncoding === 'base64'
      ? 'base64'
      : typeof schema.contentMediaType === 'string' && !/^text\/|json/i.test(schema.contentMediaType)
        ? 'binary'
        : undefined);
  if (format) node.format = format;
  const description = ctx.markdown(str(schema.description));
  if (description) node.description = description;
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.default !== undefined) node.default = schema.default as Json;
  if (schema.const !== undefined) node.const = schema.const as Json;
  if (Array.isArray(schema.enum)) node.enum = schema.enum as Json[];
  const example =
    schema.example !== undefined ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (example !== undefined) node.example = example as Json;
  const constraints = describeConstraints(schema);
  if (constraints.length > 0) node.constraints = constraints;
}

/** Validation keywords as short phrases; 3.0 booleans and 3.1 numbers for exclusive bounds both read right. */
export function describeConstraints(s: Raw): string[] {
  const out: string[] = [];
  const num = (v: unknown): v is number => typeof v === 'number';
  if (num(s.exclusiveMinimum)) out.push(`> ${s.exclusiveMinimum}`);
  else if (num(s.minimum)) out.push(`${s.exclusiveMinimum === true ? '>' : '>='} ${s.minimum}`);
  if (num(s.exclusiveMaximum)) out.push(`< ${s.exclusiveMaximum}`);
  else if (num(s.maximum)) out.push(`${s.exclusiveMaximum === true ? '<' : '<='} ${s.maximum}`);
  if (num(s.multipleOf)) out.push(`multiple of ${s.multipleOf}`);
  if (num(s.minLength) && num(s.maxLength) && s.minLength === s.maxLength) out.push(`length ${s.minLength}`);
  else {
    if (num(s.minLength) && s.minLength > 0) out.push(`min length ${s.minLength}`);
    if (num(s.maxLength)) out.push(`max length ${s.maxLength}`);
  }
  if (typeof s.pattern === 'string') out.push(`pattern ${s.pattern}`);
  if (num(s.minItems) && s.minItems > 0) out.push(`min items ${s.minItems}`);
  if (num(s.maxItems)) out.push(`max items ${s.maxItems}`);
  if (s.uniqueItems === true) out.push('unique items');
  if (num(s.minProperties) && s.minProperties > 0) out.push(`min properties ${s.minProperties}`);
  if (num(s.maxProperties)) out.push(`max properties ${s.maxProperties}`);
  return out;
}
