import path from 'node:path';
import { stringify } from 'yaml';
import type { ApiOperation, SchemaNode } from '../../../templates/shared/api-model.ts';
import { parseApiDocument, type ParseApiResult } from '../../../src/apiref/parse.ts';

/** A made-up folder: documents and their referenced files are served from memory, never from disk. */
export const VIRTUAL = '/virtual-project/openapi';

/** Parses an inline document (object or text) as `openapi/api.yaml`, with `files` next to it. */
export async function parseInline(
  doc: object | string,
  files: Record<string, string> = {},
  name = 'api.yaml',
): Promise<ParseApiResult> {
  const source = typeof doc === 'string' ? doc : stringify(doc);
  return parseApiDocument({
    file: path.join(VIRTUAL, name),
    source,
    allowedDir: VIRTUAL,
    readFile: async (file) => {
      const rel = path.relative(VIRTUAL, file);
      if (rel in files) return files[rel] as string;
      throw Object.assign(new Error(`ENOENT: no such file ${file}`), { code: 'ENOENT' });
    },
  });
}

/** A 3.1 document with the given schemas and one POST /things taking and returning `body`. */
export function docWith(
  schemas: Record<string, unknown>,
  body: unknown = { $ref: '#/components/schemas/Thing' },
  extra: Record<string, unknown> = {},
): object {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          summary: 'Create a thing',
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: body } } } },
        },
      },
    },
    components: { schemas },
    ...extra,
  };
}

/** The operation of a parse that must have succeeded. */
export function onlyOperation(result: ParseApiResult, slug?: string): ApiOperation {
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !result.model) throw new Error(`parse failed: ${errors.map((e) => e.message).join('\n')}`);
  const op = slug ? result.model.operations.find((o) => o.slug === slug) : result.model.operations[0];
  if (!op) throw new Error(`no operation ${slug ?? ''}`);
  return op;
}

export const requestSchema = (op: ApiOperation): SchemaNode => op.requestBody?.content[0]?.schema as SchemaNode;
export const responseSchema = (op: ApiOperation): SchemaNode => op.responses[0]?.content[0]?.schema as SchemaNode;
export const prop = (node: SchemaNode | undefined, name: string): SchemaNode | undefined =>
  node?.properties?.find((p) => p.name === name)?.schema;
export const propNames = (node: SchemaNode | undefined): string[] => (node?.properties ?? []).map((p) => p.name);
