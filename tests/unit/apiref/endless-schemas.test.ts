import { describe, expect, it } from 'vitest';
import { findEndlessCycles } from '../../../src/apiref/endless-schemas.ts';
import { parseInline } from './helpers.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const obj = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, properties });

/** issue 20, item 4: a schema no finite instance can satisfy is a warning naming the cycle. */
describe('schemas whose required properties recurse with no way to end', () => {
  it('names a direct and an indirect cycle once each', () => {
    const cycles = findEndlessCycles({
      Self: obj(['me'], { me: ref('Self') }),
      Parent: obj(['child'], { child: ref('Child') }),
      Child: obj(['parent'], { parent: { allOf: [ref('Parent')] } }),
      Holder: obj(['self'], { self: ref('Self') }),
    });
    expect(cycles).toEqual([
      ['Self', 'Self'],
      ['Child', 'Parent', 'Child'],
    ]);
  });

  it('accepts every way out: optional, nullable, an empty array, a finite oneOf option', () => {
    expect(
      findEndlessCycles({
        Optional: obj([], { next: ref('Optional') }),
        Nullable: obj(['next'], { next: { ...ref('Nullable'), nullable: true } }),
        Nullable31: obj(['next'], { next: { anyOf: [ref('Nullable31'), { type: 'null' }] } }),
        Tree: obj(['children'], { children: { type: 'array', items: ref('Tree') } }),
        Expr: { oneOf: [ref('Literal'), ref('Sum')] },
        Literal: { type: 'number' },
        Sum: obj(['left', 'right'], { left: ref('Expr'), right: ref('Expr') }),
      }),
    ).toEqual([]);
  });

  it('does count a non-empty array (minItems) as required', () => {
    expect(
      findEndlessCycles({ List: obj(['items'], { items: { type: 'array', minItems: 1, items: ref('List') } }) }),
    ).toEqual([['List', 'List']]);
  });

  it('warns from the parser, at the schema, naming the cycle', async () => {
    const source = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'paths: {}',
      'components:',
      '  schemas:',
      '    A:',
      '      type: object',
      '      required: [b]',
      '      properties: { b: { $ref: "#/components/schemas/B" } }',
      '    B:',
      '      type: object',
      '      required: [a]',
      '      properties: { a: { $ref: "#/components/schemas/A" } }',
    ].join('\n');
    const result = await parseInline(source);
    expect(result.model).toBeDefined();
    const d = result.diagnostics.find((x) => x.code === 'openapi-endless-schema');
    expect(d).toMatchObject({ severity: 'warning', line: 6, column: 5 });
    expect(d?.message).toContain('A → B → A');
  });
});
