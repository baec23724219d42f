import type { ApiTagObject, Json } from '../../templates/shared/api-model.js';
import { warning, type Diagnostic } from '../diagnostics.js';
import { buildExample } from './example.js';
import { deref, isObject, str, type Raw } from './raw.js';
import { buildSchemaTree, type SchemaContext } from './schema-tree.js';

export interface TagObjectOptions {
  /** The tag as the document gives it. */
  tag: Raw;
  /** Where component names resolve: `#/components/schemas/` (or `#/definitions/` for Swagger 2.0). */
  schemaPrefix: string;
  ctx: SchemaContext;
  file: string;
  /** JSON pointer of the tag's `x-object`, for the message. */
  pointer: string;
  locate: (pointer: string) => number | undefined;
}

/**
 * Collect stage (issue 18, item 5): the object a tag is about, from its `x-object` (a schema name), as Stripe's
 * resource pages show it: every field as the API returns it, and one full example. The example is
 * `x-object-example` (a name under `components/examples`), else the schema's own example, else one generated.
 */
export function buildTagObject(options: TagObjectOptions): { object?: ApiTagObject; diagnostics: Diagnostic[] } {
  const { tag, ctx } = options;
  const name = str(tag['x-object']);
  if (name === undefined) return { diagnostics: [] };
  // A JSON pointer token: a schema named `a/b` is `a~1b` in the ref.
  const ref = `${options.schemaPrefix}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const schema = ctx.lookup(ref);
  if (!isObject(schema)) {
    const at = {
      file: options.file,
      line: options.locate(options.pointer),
      hint: 'name a schema under components/schemas, or remove x-object',
    };
    return {
      diagnostics: [
        warning(
          'openapi-object-unknown',
          `tag "${String(tag.name)}": x-object names no schema "${name}"; the tag page shows no object section`,
          at,
        ),
      ],
    };
  }
  const exampleName = str(tag['x-object-example']);
  const named = exampleName ? deref({ $ref: `#/components/examples/${exampleName}` }, ctx.lookup) : undefined;
  const own = Array.isArray(schema.examples) ? schema.examples[0] : schema.example;
  const value = named?.value ?? own ?? buildExample({ $ref: ref }, ctx.lookup, 'response');
  const generated = named?.value === undefined && own === undefined;
  const diagnostics =
    exampleName && named?.value === undefined
      ? [
          warning(
            'openapi-object-unknown',
            `tag "${String(tag.name)}": x-object-example names no example "${exampleName}" under components/examples`,
            {
              file: options.file,
              line: options.locate(options.pointer),
              hint: 'name an entry of components/examples, or remove x-object-example',
            },
          ),
        ]
      : [];
  return {
    object: {
      name,
      schema: buildSchemaTree({ $ref: ref }, { ...ctx, direction: 'response' }),
      ...(value !== undefined
        ? { example: { name: exampleName ?? name, value: value as Json, ...(generated ? { generated: true } : {}) } }
        : {}),
    },
    diagnostics,
  };
}
