import { describe, expect, it } from 'vitest';
import { docWith, onlyOperation, parseInline, prop, propNames, requestSchema, responseSchema } from './helpers.ts';

/** issue 5, item 3: every schema construct of the request/response tree, on small inline documents. */
describe('schema trees', () => {
  it('expands nested objects and arrays, with required flags and constraints', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith({
          Thing: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 80, description: 'The **name**.' },
              size: { type: 'integer', format: 'int32', minimum: 0, exclusiveMaximum: 10, default: 3 },
              tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, uniqueItems: true, maxItems: 5 },
              owner: { type: 'object', properties: { email: { type: 'string', format: 'email', pattern: '^.+@.+$' } } },
              lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
            },
          },
        }),
      ),
    );
    const tree = requestSchema(op);
    expect(tree).toMatchObject({ type: 'object', name: 'Thing' });
    expect(tree.properties?.find((p) => p.name === 'name')).toMatchObject({
      required: true,
      schema: {
        type: 'string',
        constraints: ['min length 1', 'max length 80'],
        description: { __html: '<p>The <strong>name</strong>.</p>' },
      },
    });
    expect(prop(tree, 'size')).toMatchObject({
      type: 'integer',
      format: 'int32',
      default: 3,
      constraints: ['>= 0', '< 10'],
    });
    expect(prop(tree, 'tags')).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: ['a', 'b'] },
      constraints: ['max items 5', 'unique items'],
    });
    expect(prop(prop(tree, 'owner'), 'email')).toMatchObject({
      type: 'string',
      format: 'email',
      constraints: ['pattern ^.+@.+$'],
    });
    expect(propNames(prop(tree, 'lines')?.items)).toEqual(['sku']);
  });

  it('merges allOf: properties and required united, the later description wins, the single ref names the node', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith(
          {
            Base: {
              type: 'object',
              description: 'Base.',
              required: ['id'],
              properties: { id: { type: 'string' }, note: { type: 'string', maxLength: 5 } },
            },
            Thing: {
              allOf: [
                { $ref: '#/components/schemas/Base' },
                {
                  description: 'A thing.',
                  required: ['label'],
                  properties: { label: { type: 'string' }, note: { description: 'Overridden.' } },
                },
              ],
            },
          },
          { allOf: [{ $ref: '#/components/schemas/Thing' }, { required: ['note'] }] },
        ),
      ),
    );
    const tree = requestSchema(op);
    expect(tree.name).toBe('Thing');
    expect(tree.description?.__html).toBe('<p>A thing.</p>');
    expect(tree.properties?.map((p) => [p.name, p.required])).toEqual([
      ['id', true],
      ['note', true],
      ['label', true],
    ]);
    expect(prop(tree, 'note')).toMatchObject({
      type: 'string',
      constraints: ['max length 5'],
      description: { __html: '<p>Overridden.</p>' },
    });
  });

  it('shows oneOf and anyOf as variants, labelled by component name and discriminator value', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith({
          Card: { type: 'object', properties: { kind: { const: 'card' }, token: { type: 'string' } } },
          Bank: { type: 'object', properties: { kind: { const: 'bank' }, iban: { type: 'string' } } },
          Thing: {
            type: 'object',
            properties: {
              payment: {
                oneOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' }],
                discriminator: { propertyName: 'kind', mapping: { card: '#/components/schemas/Card', bank: 'Bank' } },
              },
              contact: {
                anyOf: [
                  { type: 'string', format: 'email' },
                  { type: 'object', title: 'Phone', properties: { number: { type: 'string' } } },
                ],
              },
            },
          },
        }),
      ),
    );
    const payment = prop(requestSchema(op), 'payment');
    expect(payment?.variants).toMatchObject({
      kind: 'oneOf',
      discriminator: 'kind',
      options: [
        { label: 'Card', discriminatorValue: 'card' },
        { label: 'Bank', discriminatorValue: 'bank' },
      ],
    });
    expect(propNames(payment?.variants?.options[1]?.schema)).toEqual(['kind', 'iban']);
    const contact = prop(requestSchema(op), 'contact');
    expect(contact?.variants?.kind).toBe('anyOf');
    expect(contact?.variants?.options.map((o) => o.label)).toEqual(['string 1', 'Phone']);
  });

  it('lists the subtypes of a discriminator without oneOf (the allOf inheritance pattern)', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith(
          {
            Pet: {
              type: 'object',
              required: ['petType'],
              discriminator: { propertyName: 'petType' },
              properties: { petType: { type: 'string' }, name: { type: 'string' } },
            },
            Cat: {
              allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { huntingSkill: { type: 'string' } } }],
            },
            Dog: { allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { packSize: { type: 'integer' } } }] },
          },
          { $ref: '#/components/schemas/Pet' },
        ),
      ),
    );
    const tree = requestSchema(op);
    expect(tree.discriminator).toBe('petType');
    expect(tree.variants?.options.map((o) => [o.label, o.discriminatorValue])).toEqual([
      ['Cat', 'Cat'],
      ['Dog', 'Dog'],
    ]);
    // Each subtype carries the parent's properties merged in, not a circular marker.
    expect(propNames(tree.variants?.options[0]?.schema)).toEqual(['petType', 'name', 'huntingSkill']);
    expect(tree.variants?.options[0]?.schema.circular).toBeUndefined();
  });

  it('reads nullable from OpenAPI 3.0 `nullable` and from a 3.1 type list', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith(
          {
            Thing: {
              type: 'object',
              properties: {
                a: { type: ['string', 'null'] },
                b: { type: 'integer', nullable: true },
                c: { type: 'string' },
              },
            },
          },
          undefined,
          { openapi: '3.1.0' },
        ),
      ),
    );
    const tree = requestSchema(op);
    expect(prop(tree, 'a')).toMatchObject({ type: 'string', nullable: true });
    expect(prop(tree, 'b')).toMatchObject({ type: 'integer', nullable: true });
    expect(prop(tree, 'c')?.nullable).toBeUndefined();
  });

  it('flags readOnly, writeOnly and deprecated, and leaves each out where it does not travel', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith({
          Secret: { type: 'string', writeOnly: true },
          Thing: {
            type: 'object',
            properties: {
              id: { type: 'string', readOnly: true },
              password: { type: 'string', writeOnly: true },
              pin: { $ref: '#/components/schemas/Secret' },
              old: { type: 'string', deprecated: true },
              name: { type: 'string' },
            },
          },
        }),
      ),
    );
    expect(propNames(requestSchema(op))).toEqual(['password', 'pin', 'old', 'name']);
    expect(propNames(responseSchema(op))).toEqual(['id', 'old', 'name']);
    expect(prop(requestSchema(op), 'password')?.writeOnly).toBe(true);
    expect(prop(responseSchema(op), 'id')?.readOnly).toBe(true);
    expect(prop(requestSchema(op), 'old')?.deprecated).toBe(true);
  });

  it('marks a circular reference with the schema name and does not expand it again', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith({
          Thing: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              parent: { $ref: '#/components/schemas/Thing' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
            },
          },
          Loop: { allOf: [{ $ref: '#/components/schemas/Loop2' }] },
          Loop2: { type: 'object', properties: { next: { allOf: [{ $ref: '#/components/schemas/Loop' }] } } },
        }),
      ),
    );
    const tree = requestSchema(op);
    // The model keeps a small node naming the schema; pages link it to the row above (schema-inline, anchors).
    expect(prop(tree, 'parent')).toEqual({
      type: 'object',
      name: 'Thing',
      circular: 'Thing',
      ref: 'request|#/components/schemas/Thing',
    });
    expect(prop(tree, 'children')?.items).toMatchObject({ circular: 'Thing' });
    expect(JSON.stringify(tree).length).toBeLessThan(2000);
  });

  it('terminates on allOf cycles and keeps deep anonymous nesting whole (pages budget what they show)', async () => {
    const deep = (n: number): object =>
      n === 0 ? { type: 'string' } : { type: 'object', properties: { next: deep(n - 1) } };
    const result = await parseInline(
      docWith(
        {
          Loop: { allOf: [{ $ref: '#/components/schemas/Loop2' }] },
          Loop2: { type: 'object', properties: { back: { $ref: '#/components/schemas/Loop' } } },
          Deep: deep(30) as Record<string, unknown>,
        },
        {
          type: 'object',
          properties: { loop: { $ref: '#/components/schemas/Loop' }, deep: { $ref: '#/components/schemas/Deep' } },
        },
      ),
    );
    const tree = requestSchema(onlyOperation(result));
    expect(prop(prop(tree, 'loop'), 'back')).toMatchObject({ circular: 'Loop' });
    let node = prop(tree, 'deep');
    for (let level = 0; level < 30; level++) node = prop(node, 'next');
    expect(node).toMatchObject({ type: 'string' });
  });

  it('shows a map (additionalProperties) by its value schema', async () => {
    const op = onlyOperation(
      await parseInline(
        docWith({ Thing: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } } }),
      ),
    );
    expect(requestSchema(op).additionalProperties).toEqual({ type: 'string', constraints: ['max length 500'] });
  });
});
