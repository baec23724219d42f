import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSourceMap, locatePointer, toPointer } from '../../../src/apiref/locate.ts';
import { sharedDir } from '../../helpers/fixtures.ts';

/** The same pointer located through the YAML parse (the reference) and by skimming the JSON text. */
function bothWays(text: string, pointer: string, exact = false) {
  return {
    parsed: locatePointer(createSourceMap(text), pointer, { exact }),
    skimmed: locatePointer(createSourceMap(text, { json: true }), pointer, { exact }),
  };
}

/** Every pointer of a JSON value, and for each a sibling that does not exist. */
function pointersOf(value: unknown, at: Array<string | number> = []): string[] {
  const here = [toPointer(at), toPointer([...at, 'missing~/']), toPointer([...at, 99])];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pointersOf(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pointersOf(v, [...at, k]))];
  return [...here, toPointer([...at, 'below-a-scalar'])];
}

const SAMPLE = `{"a": {"b~c": [1, {"d/e": "x\\\\"}, [ ]],
  "quoted \\"key\\"" : {"x": "y}]\\"{["},
  "dup": 1, "dup": 2,
\t"empty": {}, "n": null, "t": true, "num": -1.5e3,
  "esc\\u0041": {"deep": [[[{"z": 0}]]]}
}
}`;

describe('locating a JSON pointer without parsing the document (json-offsets.ts)', () => {
  it('finds the line and column the YAML parse finds, for every pointer of an awkward sample', () => {
    const pointers = pointersOf(JSON.parse(SAMPLE));
    expect(pointers.length).toBeGreaterThan(40);
    for (const pointer of pointers) {
      for (const exact of [false, true]) {
        const { parsed, skimmed } = bothWays(SAMPLE, pointer, exact);
        expect(skimmed, `${pointer} exact=${exact}`).toEqual(parsed);
      }
    }
  });

  const httpbin = path.join(sharedDir, 'fixtures/openapi/httpbin.org/httpbin.org.json');
  it.skipIf(!fs.existsSync(httpbin))('agrees with the YAML parse on every pointer of a real document', () => {
    const text = fs.readFileSync(httpbin, 'utf8');
    const reference = createSourceMap(text);
    for (const pointer of pointersOf(JSON.parse(text))) {
      // A map of its own per pointer: one map skims only its first few pointers, then parses.
      const skim = createSourceMap(text, { json: true });
      expect(skim.json).toBe(text);
      expect(locatePointer(skim, pointer), pointer).toEqual(locatePointer(reference, pointer));
    }
  });

  it('parses once after many skims, and never skims once the parse is there', () => {
    const text = '{"a": [1, 2]}';
    const map = createSourceMap(text, { json: true });
    for (let i = 0; i < 30; i++) expect(locatePointer(map, '#/a/1')).toEqual({ line: 1, column: 11 });
    expect(map.json).toBeUndefined();
    expect(locatePointer(map, '#/a/1')).toEqual({ line: 1, column: 11 });
    const parsedFirst = createSourceMap(text, { json: true });
    expect(parsedFirst.doc.errors).toEqual([]);
    expect(parsedFirst.json).toBeUndefined();
    expect(createSourceMap(text).json).toBeUndefined();
  });
});
