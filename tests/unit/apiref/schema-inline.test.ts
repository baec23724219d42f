import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/apiref/model.ts';
import { assignAnchors } from '../../../src/apiref/anchors.ts';
import { createSchemaInliner } from '../../../src/apiref/schema-inline.ts';
import type { SchemaFile, SchemaNode } from '../../../templates/shared/api-model.ts';
import { docWith, onlyOperation, parseInline, prop, requestSchema, responseSchema } from './helpers.ts';

/** Issue 20 item 1: named schemas shared in the model, opened per page within a budget, the rest in files. */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** `Wide` has `n` properties, each a `Leaf` of `m` string properties: n * (m + 1) rows when fully open. */
const wide = (n: number, m: number) => ({
  Wide: {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`part${i}`, ref(`Leaf${i}`)])),
  },
  ...Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `Leaf${i}`,
      {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: m }, (_, j) => [`field${j}`, { type: 'string' }])),
      },
    ]),
  ),
});

async function model(schemas: Record<string, unknown>, body: unknown): Promise<ApiModel> {
  const result = await parseInline(docWith(schemas, body));
  onlyOperation(result);
  return result.model as ApiModel;
}

const rows = (node: SchemaNode | undefined): number =>
  node
    ? (node.properties ?? []).reduce((n, p) => n + 1 + rows(p.schema), 0) +
      rows(node.items) +
      (node.variants?.options ?? []).reduce((n, o) => n + 1 + rows(o.schema), 0)
    : 0;

describe('shared schema graph', () => {
  it('builds a named schema once per direction and uses the same node wherever it appears', async () => {
    const m = await model(
      {
        Money: { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } } },
        Thing: { type: 'object', properties: { price: ref('Money'), total: ref('Money') } },
      },
      ref('Thing'),
    );
    const op = m.operations[0] as NonNullable<ApiModel['operations'][0]>;
    const request = requestSchema(op);
    expect(prop(request, 'price')).toBe(prop(request, 'total'));
    expect(m.schemaOf('request|#/components/schemas/Money')).toBe(prop(request, 'price'));
    // A response sees readOnly and writeOnly the other way round: its own node.
    expect(prop(responseSchema(op), 'price')).not.toBe(prop(request, 'price'));
  });

  it('grows with the document, not with how often recursive schemas meet (Stripe-like mutual recursion)', async () => {
    // 30 schemas that all refer to each other: expanded per use, this is astronomically large.
    const names = Array.from({ length: 30 }, (_, i) => `Node${i}`);
    const schemas = Object.fromEntries(
      names.map((n) => [
        n,
        { type: 'object', properties: Object.fromEntries(names.map((o) => [o.toLowerCase(), ref(o)])) },
      ]),
    );
    // Expanded per use, this would not finish: the model holds each schema once per direction.
    const m = await model({ ...schemas, Thing: ref('Node0') }, ref('Thing'));
    const inliner = createSchemaInliner({ schemaOf: m.schemaOf, folder: 'openapi/schemas', salt: 's' });
    const page = inliner.operation(m.operations[0] as ApiModel['operations'][0]);
    const shown = requestSchema(page);
    expect(rows(shown)).toBeLessThanOrEqual(600);
    const files = inliner.files();
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThanOrEqual(30 * 2);
  });
});

describe('a page within its budget', () => {
  it('opens everything when it fits, leaving no file', async () => {
    const m = await model(wide(5, 4), ref('Wide'));
    const inliner = createSchemaInliner({ schemaOf: m.schemaOf, folder: 'openapi/schemas', salt: 's' });
    const page = inliner.operation(m.operations[0] as ApiModel['operations'][0]);
    expect(rows(requestSchema(page))).toBe(5 * 5);
    expect(inliner.files()).toEqual([]);
  });

  it('closes the named level that does not fit and writes it to a file the page names', async () => {
    const m = await model(wide(40, 30), ref('Wide'));
    const inliner = createSchemaInliner({
      schemaOf: m.schemaOf,
      folder: 'openapi/schemas',
      salt: 'doc-hash',
      page: { rows: 600, depth: 10 },
    });
    const page = inliner.operation(m.operations[0] as ApiModel['operations'][0]);
    const shown = requestSchema(page);
    expect(rows(shown)).toBe(40);
    const part = prop(shown, 'part0');
    expect(part).toMatchObject({ type: 'object', name: 'Leaf0' });
    expect(part?.lazy).toMatch(/^openapi\/schemas\/leaf0-[0-9a-f]{10}\.json$/);
    expect(part?.properties).toBeUndefined();
    const files = inliner.files();
    // The request and the response each show Wide, and each side has its own Leafs.
    expect(files).toHaveLength(80);
    const file = files.find((f) => f.path === part?.lazy);
    const loaded = JSON.parse(file?.contents ?? '{}') as SchemaFile;
    expect(loaded.schema.properties?.map((p) => p.name)).toEqual(Array.from({ length: 30 }, (_, j) => `field${j}`));
    expect(file?.contents).not.toMatch(/"(key|ref)":/);
  });

  it('names files after the document, so a changed document changes every name', async () => {
    const m = await model(wide(40, 30), ref('Wide'));
    const name = (salt: string) => {
      const inliner = createSchemaInliner({ schemaOf: m.schemaOf, folder: 'openapi/schemas', salt });
      return prop(requestSchema(inliner.operation(m.operations[0] as ApiModel['operations'][0])), 'part0')?.lazy;
    };
    expect(name('a')).toBe(name('a'));
    expect(name('a')).not.toBe(name('b'));
  });

  it('links a recursion to the row above where the schema opened, and never leaves build-time keys in the page', async () => {
    const m = await model(
      {
        Thing: { type: 'object', properties: { name: { type: 'string' }, parent: ref('Thing'), owner: ref('Person') } },
        Person: { type: 'object', properties: { best: ref('Thing') } },
      },
      { type: 'object', properties: { thing: ref('Thing') } },
    );
    const inliner = createSchemaInliner({ schemaOf: m.schemaOf, folder: 'openapi/schemas', salt: 's' });
    const page = assignAnchors(inliner.operation(m.operations[0] as ApiModel['operations'][0]));
    const thing = prop(requestSchema(page), 'thing');
    expect(prop(thing, 'parent')).toMatchObject({ circular: 'Thing', circularAnchor: 'request-body-thing' });
    expect(prop(prop(thing, 'owner'), 'best')).toMatchObject({
      circular: 'Thing',
      circularAnchor: 'request-body-thing',
    });
    expect(JSON.stringify(page)).not.toMatch(/"(key|ref)":/);
  });
});

describe('long chains of schemas', () => {
  it('builds a chain of 3,000 schemas each naming the next without exhausting the stack, and pages open it', async () => {
    const schemas = Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [
        `S${i}`,
        { type: 'object', properties: { id: { type: 'string' }, ...(i < 2999 ? { next: ref(`S${i + 1}`) } : {}) } },
      ]),
    );
    const m = await model({ ...schemas, Thing: ref('S0') }, ref('Thing'));
    const inliner = createSchemaInliner({ schemaOf: m.schemaOf, folder: 'openapi/schemas', salt: 's' });
    const shown = requestSchema(inliner.operation(m.operations[0] as ApiModel['operations'][0]));
    // Ten named levels open below the body's own schema, the eleventh is a file.
    let node: SchemaNode | undefined = shown;
    for (let level = 1; level <= 10; level++) node = prop(node, 'next');
    expect(node).toMatchObject({ name: 'S10' });
    expect(node?.lazy).toBeUndefined();
    expect(prop(node, 'next')?.lazy).toMatch(/^openapi\/schemas\/s11-/);
    expect(inliner.files().length).toBeGreaterThan(0);
  });
});

describe('arrays of themselves', () => {
  it('shows a schema that is an array of itself through an alias (found by the fuzz test)', async () => {
    const m = await model({ A: ref('B'), B: { type: 'array', items: ref('A') } }, ref('A'));
    const inliner = createSchemaInliner({ schemaOf: m.schemaOf, folder: 'openapi/schemas', salt: 's' });
    const page = assignAnchors(inliner.operation(m.operations[0] as ApiModel['operations'][0]));
    expect(requestSchema(page)).toMatchObject({ type: 'array', name: 'A' });
    expect(JSON.stringify(page).length).toBeLessThan(5000);
    expect(inliner.files().length).toBeLessThanOrEqual(2);
  });
});

describe('a large schema that is a whole response on many pages', () => {
  /** `count` operations, each answering `default` with the Error schema (Stripe's pattern). */
  const errorDoc = (count: number, errorFields: number) => ({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `/things/${i}`,
        {
          get: {
            operationId: `getThing${i}`,
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: ref('Leaf0') } } },
              default: { description: 'Error', content: { 'application/json': { schema: ref('Error') } } },
            },
          },
        },
      ]),
    ),
    components: {
      schemas: {
        ...wide(1, 3),
        Error: {
          type: 'object',
          description: 'What went wrong',
          properties: Object.fromEntries(Array.from({ length: errorFields }, (_, j) => [`f${j}`, { type: 'string' }])),
        },
      },
    },
  });
  const pages = async (count: number, errorFields: number) => {
    const m = (await parseInline(errorDoc(count, errorFields))).model as ApiModel;
    const inliner = createSchemaInliner({
      schemaOf: m.schemaOf,
      folder: 'openapi/schemas',
      salt: 's',
      operations: m.operations,
      sharedRoot: { pages: 5, rows: 10 },
    });
    const shown = m.operations.map((op) => assignAnchors(inliner.operation(op)));
    return { shown, files: inliner.files() };
  };
  const errorOf = (op: ApiModel['operations'][0] | undefined) => op?.responses[1]?.content[0]?.schema;

  it('is one file every page names, keeping its type and description in the page', async () => {
    const { shown, files } = await pages(5, 10);
    const lazy = shown.map((op) => errorOf(op)?.lazy);
    expect(new Set(lazy).size).toBe(1);
    expect(lazy[0]).toMatch(/^openapi\/schemas\/error-[0-9a-f]{10}\.json$/);
    expect(errorOf(shown[0])).toMatchObject({
      type: 'object',
      name: 'Error',
      description: { __html: expect.any(String) },
    });
    expect(errorOf(shown[0])?.properties).toBeUndefined();
    // Each page's own response stays open.
    expect(responseSchema(shown[0] as ApiModel['operations'][0]).properties).toHaveLength(3);
    const loaded = JSON.parse(files.find((f) => f.path === lazy[0])?.contents ?? '{}') as SchemaFile;
    expect(loaded.schema.properties).toHaveLength(10);
    expect(JSON.stringify(shown)).not.toMatch(/"(key|ref)":/);
  });

  it('stays in the page when it is small or on few pages', async () => {
    for (const [count, fields] of [
      [4, 10],
      [5, 9],
    ] as const) {
      const { shown, files } = await pages(count, fields);
      expect(errorOf(shown[0])?.properties).toHaveLength(fields);
      expect(files).toEqual([]);
    }
  });
});
