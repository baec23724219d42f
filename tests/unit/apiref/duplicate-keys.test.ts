import { describe, expect, it } from 'vitest';
import { findDuplicateJsonKeys } from '../../../src/apiref/duplicate-keys.ts';
import { parseInline, VIRTUAL } from './helpers.ts';

/** issue 20, item 4: YAML 1.2 and JSON require unique keys; the parsers would keep the last one silently. */
describe('duplicate keys in an OpenAPI document', () => {
  it('are an error in YAML naming both lines and the mapping', async () => {
    const source = [
      'openapi: 3.0.3',
      'info:',
      '  title: T',
      '  version: "1"',
      'paths:',
      '  /a:',
      '    get:',
      '      responses: {}',
      '  /a:',
      '    post:',
      '      responses: {}',
    ].join('\n');
    const result = await parseInline(source);
    expect(result.model).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'openapi-invalid',
      file: `${VIRTUAL}/api.yaml`,
      line: 9,
      column: 3,
    });
    expect(result.diagnostics[0]?.message).toBe('duplicate key "/a" at #/paths: first on line 6, again on line 9');
    expect(result.diagnostics[0]?.hint).toContain('unique');
  });

  it('are an error in JSON naming both lines, the pointer and a UTF-16 column', async () => {
    const source = `{
  "openapi": "3.0.3",
  "info": { "title": "Café ☕", "version": "1" },
  "paths": { "/a": { "get": { "responses": { "200": { "description": "😀", "description": "again" } } } } }
}`;
    const result = await parseInline(source, {}, 'api.json');
    expect(result.model).toBeUndefined();
    const line4 = source.split('\n')[3] ?? '';
    expect(result.diagnostics[0]).toMatchObject({
      file: `${VIRTUAL}/api.json`,
      line: 4,
      column: line4.lastIndexOf('"description"') + 1,
    });
    expect(result.diagnostics[0]?.message).toBe(
      'duplicate key "description" at #/paths/~1a/get/responses/200: first on line 4, again on line 4',
    );
  });

  it('finds keys in objects inside arrays, and none where keys repeat only across objects', () => {
    expect(findDuplicateJsonKeys('{"a":[{"x":1,"y":"x"},{"x":2}],"b":{"a":1}}')).toEqual([]);
    const [d] = findDuplicateJsonKeys('{"a":[{"x":1},{"x":2,\n"x":3}]}');
    expect(d).toMatchObject({ key: 'x', pointer: '#/a/1', first: { line: 1 }, second: { line: 2, column: 1 } });
    expect(findDuplicateJsonKeys('{"k\\"ey":1,"k\\"ey":2}')[0]?.key).toBe('k"ey');
    // A string ending in an escaped backslash ends at its quote; an escaped quote does not end it.
    expect(findDuplicateJsonKeys('{"a":"x\\\\","a":"y\\",\\"a"}').map((d) => d.key)).toEqual(['a']);
  });
});
