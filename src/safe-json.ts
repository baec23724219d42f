/** JSON that is safe inside a JS module and inside an inline <script> (issue 8: `</script>`, U+2028/9). */
export function safeJson(value: unknown): string {
  // One pass: route data of 1,000 API operations is tens of megabytes.
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) =>
    c === '<' ? '\\u003c' : c === '\u2028' ? '\\u2028' : '\\u2029',
  );
}

/**
 * Data for a generated module as `JSON.parse("…")`: esbuild copies a string literal instead of parsing and printing
 * an object literal, which halves the bundle stage for 1,000 API operations (issue 5), and browsers parse JSON
 * faster. Pure, so a bundle that does not use the value leaves it out.
 */
export const jsonExpression = (value: unknown): string =>
  `/* @__PURE__ */ JSON.parse(${safeJson(JSON.stringify(value))})`;
