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
export const jsonExpression = (value: unknown): string => `${JSON_EXPRESSION_START}${safeJson(JSON.stringify(value))})`;

const JSON_EXPRESSION_START = '/* @__PURE__ */ JSON.parse(';

/** The string literal of a `jsonExpression` (the JSON text, quoted), undefined when `expression` is not one. */
export function jsonExpressionLiteral(expression: string): string | undefined {
  if (!expression.startsWith(JSON_EXPRESSION_START) || !expression.endsWith(')')) return undefined;
  return expression.slice(JSON_EXPRESSION_START.length, -1);
}

/** The value of a `jsonExpression`, read back; undefined when `expression` is not one. */
export function fromJsonExpression(expression: string): unknown {
  const literal = jsonExpressionLiteral(expression);
  if (literal === undefined) return undefined;
  try {
    return JSON.parse(JSON.parse(literal) as string);
  } catch {
    return undefined;
  }
}
