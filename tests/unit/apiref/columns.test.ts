import { describe, expect, it } from 'vitest';
import { parseInline } from './helpers.ts';

/** issue 20, item 4: columns count UTF-16 code units, as VS Code and tsc do, also after emoji and accents. */
describe('columns in OpenAPI diagnostics', () => {
  const lines = [
    'openapi: 3.0.3',
    'info: { title: "Café 😀😀", version: "1" }',
    'paths:',
    '  /a:',
    '    get:',
    '      responses:',
  ];
  const utf16Column = (line: string, needle: string): number => line.indexOf(needle) + 1;

  it('for a refused $ref after emoji on the same line', async () => {
    const text = `        '200': { description: "😀 é 😀", content: { application/json: { schema: { $ref: "../outside.yaml" } } } }`;
    const result = await parseInline([...lines, text].join('\n'));
    expect(result.diagnostics[0]).toMatchObject({ line: 7, column: utf16Column(text, '$ref') });
  });

  it('for a schema violation after emoji', async () => {
    const text = `  /z: { summary: "😀 é 😀", get: { responses: { '200': { descripton: typo } } } }`;
    const result = await parseInline([...lines.slice(0, 3), text].join('\n'));
    // The response object holding the misspelt key, counted in UTF-16 units.
    expect(result.diagnostics[0]).toMatchObject({ line: 4, column: utf16Column(text, "'200'") });
  });

  it('for a duplicate key after emoji', async () => {
    const text = '  /b: { get: { summary: "😀😀😀", responses: {} }, get: {} }';
    const result = await parseInline([...lines, "        '200': { description: OK }", text].join('\n'));
    expect(result.diagnostics[0]).toMatchObject({ line: 8, column: utf16Column(text, 'get: {}') });
  });

  it('for a control character after emoji', async () => {
    const text = '  /c: { get: { summary: "😀\u0007", responses: {} } }';
    const result = await parseInline([...lines, "        '200': { description: OK }", text].join('\n'));
    expect(result.diagnostics[0]).toMatchObject({
      code: 'openapi-control-char',
      line: 8,
      column: text.indexOf('\u0007') + 1,
    });
  });
});
