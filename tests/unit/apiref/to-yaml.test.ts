import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toYaml } from '../../../src/apiref/to-yaml.ts';

const roundTrip = (v: unknown) => parse(toYaml(v)) as unknown;

describe('toYaml (issue 5: the YAML download of a JSON document)', () => {
  it('writes readable block YAML: plain words, quoted look-alikes, literal blocks for descriptions', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Shop API', description: 'Line one.\n\nLine two: with a colon.\n' },
      paths: {
        '/orders/{id}': { get: { tags: ['Orders'], responses: { '200': { description: 'OK' } }, deprecated: false } },
      },
      enum: ['yes', 'No', 'null', '', ' padded', '# not a comment', 'a: b', 12, null],
    };
    expect(toYaml(doc)).toMatchInlineSnapshot(`
      "openapi: "3.1.0"
      info:
        title: Shop API
        description: |
          Line one.

          Line two: with a colon.
      paths:
        "/orders/{id}":
          get:
            tags:
            - Orders
            responses:
              "200":
                description: OK
            deprecated: false
      enum:
      - "yes"
      - "No"
      - "null"
      - ""
      - " padded"
      - "# not a comment"
      - "a: b"
      - 12
      - null
      "
    `);
    expect(roundTrip(doc)).toEqual(doc);
  });

  it('reads back as the same data, whatever the data (property test)', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({
        unit: fc.constantFrom(
          'a',
          ' ',
          '\n',
          ':',
          '#',
          '-',
          '|',
          '"',
          "'",
          '{',
          '[',
          ',',
          '\t',
          'y',
          '1',
          '.',
          '\u2028',
          '\r',
        ),
      }),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        tie('array'),
        tie('object'),
      ),
      array: fc.array(tie('node'), { maxLength: 4 }),
      object: fc.dictionary(text, tie('node'), { maxKeys: 4 }),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(roundTrip(v)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 2000 },
    );
  });
});
