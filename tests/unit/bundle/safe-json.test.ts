import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { jsonParseParts } from '../../../src/bundle/data-chunk.ts';
import { safeJson } from '../../../src/safe-json.ts';

// issue 8: data from the OpenAPI document goes into JS modules and inline <script> JSON. A `</script>` in an
// example must not end the script, and U+2028/U+2029 must not end a string in older JavaScript engines.

const hostile = {
  example: '</script><script>window.__pwned=1</script>',
  comment: '<!-- <script>',
  separators: 'a\u2028b\u2029c',
  nested: [{ '</SCRIPT>': '<\u2028>' }],
};

describe('safeJson', () => {
  it('escapes every <, U+2028 and U+2029', () => {
    const json = safeJson(hostile);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(json).toContain('\\u003c/script>\\u003cscript>');
    expect(json).toContain('a\\u2028b\\u2029c');
  });

  it('reads back as the same value, as JSON and as a JavaScript expression', () => {
    const json = safeJson(hostile);
    expect(JSON.parse(json)).toEqual(hostile);
    expect(vm.runInNewContext(`(${json})`)).toEqual(hostile);
  });

  it('cannot close the inline <script> it is written into', () => {
    const html = `<script id="__PORTAL_DATA__" type="application/json">${safeJson(hostile)}</script>`;
    // The HTML tokenizer ends a script at the first `</script` (any case): there must be exactly one.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
  });
});

describe('jsonParseParts (data chunks)', () => {
  it('reads back as the same value, whatever backslashes, quotes, backticks and ${ the strings hold', () => {
    const value = { ...hostile, quote: "it's \\ a 'test' \"q\"", tick: 'a `b` ${c} $${d} \\`', end: '\\' };
    const expression = jsonParseParts(JSON.stringify(value)).join('');
    expect(expression).not.toMatch(/\$\{/);
    expect(vm.runInNewContext(expression)).toEqual(value);
  });
});
