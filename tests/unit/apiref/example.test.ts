import { describe, expect, it } from 'vitest';
import { buildExample } from '../../../src/apiref/example.ts';
import { createRefLookup } from '../../../src/apiref/raw.ts';

const doc = {
  components: {
    schemas: {
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
      Secret: { type: 'string', writeOnly: true },
      Base: { type: 'object', properties: { id: { type: 'string', format: 'uuid', readOnly: true } } },
    },
  },
};
const lookup = createRefLookup(doc);

describe('examples generated from schemas', () => {
  it('prefers the schema’s own example, const, default and enum', () => {
    expect(buildExample({ type: 'string', example: 'x', default: 'y' }, lookup, 'request')).toBe('x');
    expect(buildExample({ type: 'string', examples: ['first', 'second'] }, lookup, 'request')).toBe('first');
    expect(buildExample({ const: 'fixed' }, lookup, 'request')).toBe('fixed');
    expect(buildExample({ type: 'integer', default: 25 }, lookup, 'request')).toBe(25);
    expect(buildExample({ type: ['string', 'null'], enum: [null, 'open'] }, lookup, 'request')).toBe('open');
  });

  it('builds values by type and format', () => {
    expect(
      buildExample(
        {
          type: 'object',
          properties: {
            at: { type: 'string', format: 'date-time' },
            n: { type: 'number', minimum: 2 },
            ok: { type: 'boolean' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
        lookup,
        'request',
      ),
    ).toEqual({
      at: '2024-01-15T09:30:00Z',
      n: 2,
      ok: true,
      tags: ['string'],
    });
  });

  it('leaves out readOnly properties in requests and writeOnly ones in responses', () => {
    const schema = {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { properties: { pin: { $ref: '#/components/schemas/Secret' }, name: { type: 'string' } } },
      ],
    };
    expect(buildExample(schema, lookup, 'request')).toEqual({ pin: 'string', name: 'string' });
    expect(buildExample(schema, lookup, 'response')).toEqual({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      name: 'string',
    });
  });

  it('takes the first oneOf option and stops at circular references', () => {
    expect(
      buildExample(
        { oneOf: [{ type: 'object', properties: { card: { type: 'string' } } }, { type: 'integer' }] },
        lookup,
        'request',
      ),
    ).toEqual({ card: 'string' });
    expect(buildExample({ $ref: '#/components/schemas/Node' }, lookup, 'response')).toEqual({
      name: 'string',
      children: [],
    });
  });
});
