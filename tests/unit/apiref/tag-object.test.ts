import { describe, expect, it } from 'vitest';
import { parseInline } from './helpers.ts';

/** issue 18, item 5: a tag's `x-object` becomes "The <Name> object" on its page. */
const doc = (tags: unknown[], examples: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  tags,
  paths: {
    '/orders': { get: { tags: ['Orders'], summary: 'List orders', responses: { '200': { description: 'OK' } } } },
  },
  components: {
    schemas: {
      Order: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string', readOnly: true, example: 'ord_1' },
          note: { type: 'string', writeOnly: true },
          total: { type: 'integer', description: 'In cents.' },
        },
      },
    },
    examples,
  },
});

describe('tag objects (x-object)', () => {
  it('builds the named schema as responses show it, with the named example', async () => {
    const { model, diagnostics } = await parseInline(
      doc([{ name: 'Orders', 'x-object': 'Order', 'x-object-example': 'Paid' }], {
        Paid: { value: { id: 'ord_9', total: 1200 } },
      }),
    );
    expect(diagnostics).toEqual([]);
    const object = model?.tags.find((t) => t.name === 'Orders')?.object;
    expect(object?.name).toBe('Order');
    // A response never carries a write-only field.
    expect(object?.schema.properties?.map((p) => p.name)).toEqual(['id', 'total']);
    expect(object?.example).toEqual({ name: 'Paid', value: { id: 'ord_9', total: 1200 } });
  });

  it('generates the example from the schema when the tag names none', async () => {
    const { model } = await parseInline(doc([{ name: 'Orders', 'x-object': 'Order' }]));
    const example = model?.tags[0]?.object?.example;
    expect(example?.generated).toBe(true);
    expect(example?.value).toMatchObject({ id: 'ord_1' });
  });

  it('shows no object section for a tag without x-object', async () => {
    const { model, diagnostics } = await parseInline(doc([{ name: 'Orders' }]));
    expect(diagnostics).toEqual([]);
    expect(model?.tags[0]?.object).toBeUndefined();
  });

  it('warns, naming the tag and the line, when x-object or x-object-example names nothing', async () => {
    const missing = await parseInline(doc([{ name: 'Orders', 'x-object': 'Ordr' }]));
    expect(missing.model?.tags[0]?.object).toBeUndefined();
    expect(missing.diagnostics.map((d) => [d.severity, d.code, d.message, typeof d.line])).toEqual([
      [
        'warning',
        'openapi-object-unknown',
        'tag "Orders": x-object names no schema "Ordr"; the tag page shows no object section',
        'number',
      ],
    ]);
    const noExample = await parseInline(doc([{ name: 'Orders', 'x-object': 'Order', 'x-object-example': 'Nope' }]));
    expect(noExample.diagnostics.map((d) => d.message)).toEqual([
      'tag "Orders": x-object-example names no example "Nope" under components/examples',
    ]);
    expect(noExample.model?.tags[0]?.object?.example?.generated).toBe(true);
  });
});
