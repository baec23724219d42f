import { describe, expect, it } from 'vitest';
import { describeConstraints } from '../../../../src/apiref/schema-tree.ts';
import type { SchemaNode } from '../../../../templates/shared/api-model.ts';
import { readParameter, resolveSchema, validateValue } from '../../../../templates/api/console/validate.ts';

const str = (extra: Partial<SchemaNode> = {}): SchemaNode => ({ type: 'string', ...extra });
const messages = (schema: SchemaNode, value: Parameters<typeof validateValue>[1]) =>
  validateValue(schema, value).map((p) => `${p.path}: ${p.message}`);

// issue 19: the request console's own validator, for the JSON-schema subset the page's schema tree carries.
describe('validateValue', () => {
  it('checks types, unions, nullable, enum and const', () => {
    expect(messages({ type: 'integer' }, 1.5)).toEqual([': must be an integer']);
    expect(messages({ type: 'integer' }, 2)).toEqual([]);
    expect(messages({ type: 'string | null' }, null)).toEqual([]);
    expect(messages(str({ nullable: true }), null)).toEqual([]);
    expect(messages(str(), 3)).toEqual([': must be a string']);
    expect(messages({ type: 'any' }, { a: 1 })).toEqual([]);
    expect(messages(str({ enum: ['usd', 'eur'] }), 'gbp')).toEqual([': must be one of "usd", "eur"']);
    expect(messages(str({ const: 'fixed' }), 'other')).toEqual([': must be "fixed"']);
  });

  it('reads the constraints as the schema tree words them', () => {
    const tree = (raw: Record<string, unknown>, type = 'string'): SchemaNode => ({
      type,
      constraints: describeConstraints(raw),
    });
    expect(messages(tree({ minimum: 1, maximum: 10 }, 'integer'), 0)).toEqual([': must be >= 1']);
    expect(messages(tree({ minimum: 1, maximum: 10 }, 'integer'), 11)).toEqual([': must be <= 10']);
    expect(messages(tree({ exclusiveMinimum: 0 }, 'number'), 0)).toEqual([': must be > 0']);
    expect(messages(tree({ multipleOf: 5 }, 'integer'), 12)).toEqual([': must be a multiple of 5']);
    expect(messages(tree({ minLength: 2, maxLength: 3 }), 'a')).toEqual([': must have at least 2 characters']);
    expect(messages(tree({ minLength: 2, maxLength: 3 }), 'abcd')).toEqual([': must have at most 3 characters']);
    expect(messages(tree({ minLength: 3, maxLength: 3 }), 'ab')).toEqual([': must have exactly 3 characters']);
    expect(messages(tree({ pattern: '^[A-Z]{3}$' }), 'usd')).toEqual([': must match ^[A-Z]{3}$']);
    expect(messages(tree({ pattern: '^[A-Z]{3}$' }), 'USD')).toEqual([]);
    expect(messages(tree({ minItems: 1, uniqueItems: true }, 'array'), [])).toEqual([': must have at least 1 items']);
    expect(messages(tree({ uniqueItems: true }, 'array'), [1, 1])).toEqual([': must not repeat items']);
  });

  it('checks formats it knows and lets others through', () => {
    expect(messages(str({ format: 'email' }), 'nobody')).toEqual([': must be a valid email']);
    expect(messages(str({ format: 'date' }), '2026-02-30')).toEqual([]);
    expect(messages(str({ format: 'date-time' }), 'yesterday')).toEqual([': must be a valid date-time']);
    expect(messages(str({ format: 'uri' }), 'not a uri')).toEqual([': must be a valid uri']);
    expect(messages(str({ format: 'phone' }), 'anything')).toEqual([]);
  });

  it('names nested fields: required, read-only, items and maps', () => {
    const order: SchemaNode = {
      type: 'object',
      properties: [
        { name: 'id', required: true, schema: str({ readOnly: true }) },
        { name: 'email', required: true, schema: str({ format: 'email' }) },
        {
          name: 'lines',
          required: false,
          schema: {
            type: 'array',
            items: {
              type: 'object',
              properties: [{ name: 'quantity', required: true, schema: { type: 'integer', constraints: ['>= 1'] } }],
            },
          },
        },
        { name: 'metadata', required: false, schema: { type: 'object', additionalProperties: str() } },
      ],
    };
    expect(messages(order, { email: 'a@b.c' })).toEqual([]);
    expect(messages(order, { lines: [{ quantity: 1 }, { quantity: 0 }, {}], metadata: { a: 'x', b: 2 } })).toEqual([
      'email: is required',
      'lines[1].quantity: must be >= 1',
      'lines[2].quantity: is required',
      'metadata.b: must be a string',
    ]);
  });

  it('accepts a value one alternative accepts, else names the closest alternative’s problems', () => {
    const either: SchemaNode = {
      type: 'object',
      variants: {
        kind: 'oneOf',
        options: [
          { label: 'Card', schema: { type: 'object', properties: [{ name: 'card', required: true, schema: str() }] } },
          { label: 'Bank', schema: { type: 'object', properties: [{ name: 'iban', required: true, schema: str() }] } },
        ],
      },
    };
    expect(messages(either, { iban: 'DE00' })).toEqual([]);
    expect(messages(either, {})).toEqual(['card: is required']);
  });

  it('holds oneOf to exactly one alternative, and to the one a discriminator names', () => {
    const overlapping: SchemaNode = {
      type: 'object',
      variants: {
        kind: 'oneOf',
        options: [
          { label: 'Named', schema: { type: 'object', properties: [{ name: 'name', required: true, schema: str() }] } },
          {
            label: 'Labelled',
            schema: { type: 'object', properties: [{ name: 'label', required: true, schema: str() }] },
          },
        ],
      },
    };
    expect(messages(overlapping, { name: 'a', label: 'b' })).toEqual([
      ': must match exactly one of its alternatives, not Named and Labelled',
    ]);
    // anyOf takes both.
    const any = {
      ...overlapping,
      variants: { ...(overlapping.variants as NonNullable<SchemaNode['variants']>), kind: 'anyOf' as const },
    };
    expect(messages(any, { name: 'a', label: 'b' })).toEqual([]);

    const pet: SchemaNode = {
      type: 'object',
      variants: {
        kind: 'oneOf',
        discriminator: 'kind',
        options: [
          {
            label: 'Cat',
            discriminatorValue: 'cat',
            schema: { type: 'object', properties: [{ name: 'lives', required: true, schema: { type: 'integer' } }] },
          },
          {
            label: 'Dog',
            discriminatorValue: 'dog',
            schema: { type: 'object', properties: [{ name: 'bark', required: true, schema: str() }] },
          },
        ],
      },
    };
    // The discriminator picks the alternative whose problems are shown, even when another is closer.
    expect(messages(pet, { kind: 'dog', lives: 9 })).toEqual(['bark: is required']);
    expect(messages(pet, { kind: 'cat', lives: 9 })).toEqual([]);
    expect(messages(pet, { kind: 'bird' })).toEqual(['kind: must be one of "cat", "dog"']);
  });

  it('accepts anything where the page does not carry the schema (lazy, circular)', () => {
    expect(messages({ type: 'object', lazy: 'openapi/schemas/x.json' }, 'text')).toEqual([]);
    expect(messages({ type: 'object', circular: 'Category' }, 3)).toEqual([]);
  });
});

describe('resolveSchema', () => {
  // Category: { name, parent: Category (circular) }; Order: { lines: [Line (lazy)] }.
  const category: SchemaNode = {
    type: 'object',
    name: 'Category',
    properties: [
      { name: 'name', required: true, schema: str() },
      { name: 'parent', required: false, schema: { type: 'object', circular: 'Category' } },
    ],
  };
  const line: SchemaNode = {
    type: 'object',
    properties: [{ name: 'quantity', required: true, schema: { type: 'integer', constraints: ['>= 1'] } }],
  };
  const order: SchemaNode = {
    type: 'object',
    properties: [
      {
        name: 'lines',
        required: true,
        schema: { type: 'array', items: { type: 'object', name: 'Line', lazy: 'openapi/schemas/line.json' } },
      },
      { name: 'category', required: false, schema: category },
    ],
  };

  it('loads the lazy parts the value reaches and follows circular references, so every level is checked', async () => {
    const loaded: string[] = [];
    const load = async (file: string) => {
      loaded.push(file);
      return line;
    };
    const value = {
      lines: [{ quantity: 2 }, { quantity: 0 }],
      category: { name: 'Mugs', parent: { parent: { name: 'Top' } } },
    };
    const resolved = await resolveSchema(order, value, load);
    expect(messages(resolved, value)).toEqual(['lines[1].quantity: must be >= 1', 'category.parent.name: is required']);
    expect(loaded).toEqual(['openapi/schemas/line.json']);
  });

  it('loads nothing the value does not reach', async () => {
    const load = async (file: string): Promise<SchemaNode> => {
      throw new Error(`loaded ${file}`);
    };
    const value = { lines: [], category: { name: 'Mugs' } };
    expect(messages(await resolveSchema(order, value, load), value)).toEqual([]);
  });
});

describe('readParameter', () => {
  it('reads a typed field as its schema type, and leaves what it cannot read as text', () => {
    expect(readParameter({ type: 'integer' }, '12')).toBe(12);
    expect(readParameter({ type: 'integer' }, 'twelve')).toBe('twelve');
    expect(readParameter({ type: 'integer' }, '')).toBe('');
    expect(readParameter({ type: 'boolean' }, 'true')).toBe(true);
    expect(readParameter({ type: 'array', items: { type: 'integer' } }, '1,2')).toEqual([1, 2]);
    expect(readParameter(str(), '007')).toBe('007');
  });
});
