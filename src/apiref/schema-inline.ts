import { createHash } from 'node:crypto';
import type { ApiMediaType, ApiOperation, SchemaFile, SchemaNode } from '../../templates/shared/api-model.js';
import { kebab } from './slugs.js';

/**
 * How much of the shared schema graph one page shows (issue 20). The model holds each named schema once
 * (schema-tree.ts); a page opens named schemas level by level, as deep as fits its row budget, and what lies
 * past that is a file the reader's browser loads when the row is opened. Recursion ends where a schema repeats
 * one open above it. The portal's own pages fit the budget whole, so they read as before.
 */
export interface InlineBudget {
  /** Schema rows (properties and variant options) a page holds at most, as far as whole levels allow. */
  rows: number;
  /** Levels of named schemas opened inside one another at most. */
  depth: number;
}

/** Where the files of schemas left out of their pages go, below the site root. */
export const SCHEMA_FOLDER = 'openapi/schemas';

/** About 500 bytes of HTML and 250 of page data a row: the rows a page may hold stay far below 1 MB. */
export const PAGE_BUDGET: InlineBudget = { rows: 400, depth: 10 };
/** A loaded file is read one opened row at a time: a smaller share keeps each load quick. */
export const FILE_BUDGET: InlineBudget = { rows: 400, depth: 10 };

/**
 * When a named schema that is a whole body or response on many pages (Stripe's error object: the `default`
 * response of all 417 operations, about 190 KB of HTML each) stays a file instead of being repeated on each:
 * used by at least `pages` operations and showing at least `rows` rows there. The portal's own documents stay
 * below it, so their pages read as before.
 */
export interface SharedRootLimit {
  pages: number;
  rows: number;
}
export const SHARED_ROOT: SharedRootLimit = { pages: 20, rows: 100 };

export interface SchemaInliner {
  /** The operation with every schema opened as far as the page budget allows (callbacks share it). */
  operation(op: ApiOperation): ApiOperation;
  /** One schema shown alone (a tag's object section), keys removed. */
  schema(node: SchemaNode): SchemaNode;
  /** The files of every schema a page or another file left closed; call after the last page. */
  files(): Array<{ path: string; contents: string }>;
}

export interface SchemaInlinerOptions {
  /** The model's shared node of a named schema (ApiModel.schemaOf). */
  schemaOf: (key: string) => SchemaNode;
  /** Folder of the files below the site root, `openapi/schemas`. */
  folder: string;
  /** Changes with the document, so a file's name does too (browsers may keep a loaded file). */
  salt: string;
  page?: InlineBudget | undefined;
  file?: InlineBudget | undefined;
  /** Every operation the inliner will see (callbacks included through them): how many pages each root is on. */
  operations?: readonly ApiOperation[] | undefined;
  sharedRoot?: SharedRootLimit | undefined;
}

const CHILD_FIELDS = new Set([
  'properties',
  'items',
  'additionalProperties',
  'variants',
  'key',
  'ref',
  'circular',
  'lazy',
  'circularAnchor',
]);

export function createSchemaInliner(options: SchemaInlinerOptions): SchemaInliner {
  const pageBudget = options.page ?? PAGE_BUDGET;
  const fileBudget = options.file ?? FILE_BUDGET;
  const sharedRoot = options.sharedRoot ?? SHARED_ROOT;
  const pagesOf = rootUses(options.operations ?? []);
  const resolve = (node: SchemaNode): SchemaNode => (node.ref ? options.schemaOf(node.ref) : node);
  const keyOf = (node: SchemaNode): string | undefined => node.key ?? node.ref;

  /** Whether a node shows anything when opened: properties, variants, a described map, items that open. */
  const opens = (node: SchemaNode, seen: ReadonlySet<SchemaNode> = new Set()): boolean => {
    const t = resolve(node);
    if (t.properties?.length || t.variants || t.additionalProperties) return true;
    // An array of itself (`A: {$ref: B}`, `B: {items: {$ref: A}}`) would walk its items for ever.
    return Boolean(t.items && !seen.has(t) && opens(t.items, new Set(seen).add(t)));
  };

  // Rows of a node's inside with `left` more named levels opened: shared by every page (nodes are shared).
  const counted = new WeakMap<SchemaNode, Map<number, number>>();
  const count = (node: SchemaNode, left: number): number => {
    const t = resolve(node);
    let byLeft = counted.get(t);
    const known = byLeft?.get(left);
    if (known !== undefined) return known;
    let rows = 0;
    for (const p of t.properties ?? []) rows += 1 + countChild(p.schema, left);
    if (t.additionalProperties) rows += 1 + countChild(t.additionalProperties, left);
    if (t.items) rows += countChild(t.items, left);
    for (const o of t.variants?.options ?? []) rows += 1 + countChild(o.schema, left);
    if (!byLeft) {
      byLeft = new Map();
      counted.set(t, byLeft);
    }
    byLeft.set(left, rows);
    return rows;
  };
  /** A named node that holds anything: it takes one of the levels (which also ends recursion through items). */
  const levelled = (node: SchemaNode): boolean => {
    if (!keyOf(node)) return false;
    const t = resolve(node);
    return Boolean(t.properties?.length || t.variants || t.additionalProperties || t.items);
  };
  const countChild = (node: SchemaNode, left: number): number => {
    if (!levelled(node)) return count(node, left);
    return left > 0 ? count(node, left - 1) : 0;
  };

  /** The deepest level count whose rows fit the budget over all of a page's roots (0: named children all closed). */
  const levelsFor = (roots: readonly SchemaNode[], budget: InlineBudget): number => {
    for (let d = budget.depth; d > 0; d--) {
      let rows = 0;
      for (const root of roots) rows += count(root, d);
      if (rows <= budget.rows) return d;
    }
    return 0;
  };

  const pending: string[] = [];
  const paths = new Map<string, string>();
  const fileOf = (key: string, name: string | undefined): string => {
    let path = paths.get(key);
    if (!path) {
      const hash = createHash('sha1').update(`${options.salt}\0${key}`).digest('hex').slice(0, 10);
      path = `${options.folder}/${kebab(name ?? '').slice(0, 60) || 'schema'}-${hash}.json`;
      paths.set(key, path);
      pending.push(key);
    }
    return path;
  };

  const meta = (node: SchemaNode): SchemaNode => {
    const own = scalarFields(node);
    return node.ref ? { ...scalarFields(options.schemaOf(node.ref)), ...own } : own;
  };

  /** A copy of `node` with its inside opened; named schemas below it open while `left` allows. */
  const open = (node: SchemaNode, left: number, path: readonly string[]): SchemaNode => {
    const t = resolve(node);
    const out = meta(node);
    const key = keyOf(node);
    if (key) out.key = key;
    if (t.properties) out.properties = t.properties.map((p) => ({ ...p, schema: child(p.schema, left, path) }));
    if (t.additionalProperties) out.additionalProperties = child(t.additionalProperties, left, path);
    if (t.items) out.items = child(t.items, left, path);
    if (t.variants)
      out.variants = {
        ...t.variants,
        options: t.variants.options.map((o) => ({ ...o, schema: child(o.schema, left, path) })),
      };
    return out;
  };
  const child = (node: SchemaNode, left: number, path: readonly string[]): SchemaNode => {
    const key = keyOf(node);
    if (!key || !levelled(node)) return open(node, left, path);
    const name = resolve(node).name ?? node.name;
    if (path.includes(key)) return { ...meta(node), circular: name ?? 'object', ref: key };
    // Past the levels: a schema with fields to show is a file; a named list of plain values stays in the page.
    if (left === 0) return opens(node) ? { ...meta(node), lazy: fileOf(key, name) } : open(node, 0, [...path, key]);
    return open(node, left - 1, [...path, key]);
  };
  const root = (node: SchemaNode, levels: number): SchemaNode => {
    const key = keyOf(node);
    return open(node, levels, key ? [key] : []);
  };

  /**
   * A root on many pages and large there is a file all of them name: the browser loads it once for the site
   * instead of every page (and its chunk) carrying the same rows. Its own facts stay in the page.
   */
  const sharedFile = (node: SchemaNode, levels: number): SchemaNode | undefined => {
    const key = keyOf(node);
    if (!key || (pagesOf.get(node) ?? 0) < sharedRoot.pages || !levelled(node) || !opens(node)) return undefined;
    if (count(node, levels) < sharedRoot.rows) return undefined;
    return { ...meta(node), key, lazy: fileOf(key, resolve(node).name ?? node.name) };
  };

  const operation = (op: ApiOperation): ApiOperation => {
    const levels = levelsFor(rootsOf(op), pageBudget);
    // The same root twice (the error model of every 4xx) stays one object: anchors show it once.
    const done = new Map<SchemaNode, SchemaNode>();
    const tree = (node: SchemaNode): SchemaNode => {
      const known = done.get(node);
      if (known) return known;
      const out = sharedFile(node, levels) ?? root(node, levels);
      done.set(node, out);
      return out;
    };
    const media = (content: ApiMediaType[]): ApiMediaType[] =>
      content.map((m) => (m.schema ? { ...m, schema: tree(m.schema) } : m));
    const walk = (o: ApiOperation): ApiOperation => ({
      ...o,
      parameters: o.parameters.map((p) => ({ ...p, schema: tree(p.schema) })),
      ...(o.requestBody ? { requestBody: { ...o.requestBody, content: media(o.requestBody.content) } } : {}),
      responses: o.responses.map((r) => ({
        ...r,
        headers: r.headers.map((h) => ({ ...h, schema: tree(h.schema) })),
        content: media(r.content),
      })),
      callbacks: o.callbacks.map((cb) => ({ ...cb, operation: walk(cb.operation) })),
    });
    return walk(op);
  };

  const alone = (node: SchemaNode, budget: InlineBudget): SchemaNode =>
    withoutKeys(root(node, levelsFor([node], budget)));

  return {
    operation,
    schema: (node) => alone(node, pageBudget),
    files() {
      const out: Array<{ path: string; contents: string }> = [];
      // Files may leave schemas closed in turn: the list grows while it is worked through.
      for (let i = 0; i < pending.length; i++) {
        const key = pending[i] as string;
        const file: SchemaFile = { schema: alone(options.schemaOf(key), fileBudget) };
        out.push({ path: paths.get(key) as string, contents: `${JSON.stringify(file)}\n` });
      }
      return out;
    },
  };
}

/** Every schema root of an operation, callbacks included, in page order. */
function rootsOf(op: ApiOperation): SchemaNode[] {
  return [
    ...op.parameters.map((p) => p.schema),
    ...(op.requestBody?.content ?? []).flatMap((m) => (m.schema ? [m.schema] : [])),
    ...op.responses.flatMap((r) => [
      ...r.headers.map((h) => h.schema),
      ...r.content.flatMap((m) => (m.schema ? [m.schema] : [])),
    ]),
    ...op.callbacks.flatMap((cb) => rootsOf(cb.operation)),
  ];
}

/** On how many operations' pages each root node is (once per page however often it appears there). */
function rootUses(operations: readonly ApiOperation[]): Map<SchemaNode, number> {
  const uses = new Map<SchemaNode, number>();
  for (const op of operations) for (const node of new Set(rootsOf(op))) uses.set(node, (uses.get(node) ?? 0) + 1);
  return uses;
}

/** A node's own facts without what it opens into or build-time fields. */
const scalarFields = (node: SchemaNode): SchemaNode => fieldsWithout(node, CHILD_FIELDS) as unknown as SchemaNode;

/** `key` and `ref`, which only the build reads: operation pages lose them with their anchors. */
export const BUILD_KEYS: ReadonlySet<string> = new Set(['key', 'ref']);

/**
 * A node's fields in their order but `omitted`, as `{ key, ref, ...rest }` gives them: V8 makes such a rest object in
 * its runtime, a quarter of the API stage of a 600-operation document when anchors.ts copied every tree so (0.23 s of
 * 0.9 s); a loop is a third faster.
 */
export function fieldsWithout(node: SchemaNode, omitted: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(node)) if (!omitted.has(name)) out[name] = node[name as keyof SchemaNode];
  return out;
}

/** The tree without its BUILD_KEYS. */
export function withoutKeys(node: SchemaNode): SchemaNode {
  const out = fieldsWithout(node, BUILD_KEYS);
  if (node.properties) out.properties = node.properties.map((p) => ({ ...p, schema: withoutKeys(p.schema) }));
  if (node.items) out.items = withoutKeys(node.items);
  if (node.additionalProperties) out.additionalProperties = withoutKeys(node.additionalProperties);
  if (node.variants)
    out.variants = {
      ...node.variants,
      options: node.variants.options.map((o) => ({ ...o, schema: withoutKeys(o.schema) })),
    };
  return out as unknown as SchemaNode;
}
