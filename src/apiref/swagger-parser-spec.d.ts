/** swagger-parser's rules of the spec (its `validate.spec` step), which it exports under no name of its own. */
declare module '@apidevtools/swagger-parser/lib/validators/spec.js' {
  /** Throws a SyntaxError naming the first rule the document breaks. */
  export default function validateSpec(api: unknown): void;
}
