import { describe, expect, it } from 'vitest';
import { replaceControlChars } from '../../../src/apiref/control-chars.ts';
import { parseInline } from './helpers.ts';

/** issue 20, item 4: C0 control characters are reported where they are and never reach the output. */
describe('control characters in an OpenAPI document', () => {
  it('are replaced one for one, keeping tab, LF and CR, with a warning at the line and UTF-16 column', () => {
    const { text, diagnostics } = replaceControlChars('a: 1\r\nb: "😀x\u0007y"\tz\n\u0000\u0000', 'api.yaml');
    expect(text).toBe('a: 1\r\nb: "😀x\uFFFDy"\tz\n\uFFFD\uFFFD');
    expect(diagnostics.map((d) => [d.severity, d.line, d.column])).toEqual([
      ['warning', 2, 8], // the emoji counts two, as in VS Code
      ['warning', 3, 1],
    ]);
    expect(diagnostics[0]?.message).toContain('U+0007');
    expect(diagnostics[1]?.message).toContain('3 control characters in all');
  });

  it('leave a document without them untouched', () => {
    expect(replaceControlChars('a:\tb\r\n', 'f')).toEqual({ text: 'a:\tb\r\n', diagnostics: [] });
  });

  it('are warned about by the parser and kept out of the model', async () => {
    const source = ['openapi: 3.0.3', 'info:', '  title: "T\u001b[31m"', '  version: "1"', 'paths: {}'].join('\n');
    const result = await parseInline(source);
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'warning',
      code: 'openapi-control-char',
      line: 3,
      column: 12,
    });
    expect(result.model?.info.title).toBe('T\uFFFD[31m');
    expect(JSON.stringify(result.bundled)).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  });
});
