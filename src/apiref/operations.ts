import type {
  ApiCallback,
  ApiCodeSample,
  ApiExample,
  ApiHeader,
  ApiMediaType,
  ApiOperation,
  ApiParameter,
  ApiRequestBody,
  ApiResponse,
  ApiSecurityRequirement,
  ApiServer,
  Json,
  ParameterLocation,
} from '../../templates/shared/api-model.js';
import { exampleOf, type ExampleDirection, type ExampleMemo } from './example.js';
import { markdownToText } from './markdown.js';
import { arr, bool, deref, entries, isObject, str, type Raw } from './raw.js';
import { buildSchemaTree, type SchemaContext } from './schema-tree.js';
import { safeDocumentUrl } from './safe-url.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

export interface OperationContext extends SchemaContext {
  /** The document's security, for operations that set none. */
  security: ApiSecurityRequirement[];
  servers: ApiServer[];
  buildServers: (raw: unknown) => ApiServer[];
  /** Generated examples of named schemas, shared by every operation of the document. */
  examples?: ExampleMemo | undefined;
}

/** One operation of `paths` or `webhooks` in our model; its slug is filled in once every slug is known. */
export function buildOperation(options: {
  method: string;
  path: string;
  pathItem: Raw;
  op: Raw;
  webhook: boolean;
  ctx: OperationContext;
}): ApiOperation {
  const { method, path, pathItem, op, webhook, ctx } = options;
  const summary = str(op.summary)?.trim();
  const description = str(op.description);
  // A webhook's or callback's body is sent by the API, and its response by the receiver: directions swap.
  const requestBody = buildRequestBody(op.requestBody, ctx, webhook ? 'response' : 'request');
  const operationId = str(op.operationId);
  const ownServers = ctx.buildServers(op.servers);
  const pathServers = ctx.buildServers(pathItem.servers);
  const externalDocs = docsLink(op.externalDocs);
  const plainDescription = markdownToText(description ?? summary);
  const descriptionHtml = ctx.markdown(description);
  return {
    slug: '',
    method: method.toUpperCase(),
    path,
    ...(operationId ? { operationId } : {}),
    title: summary || operationId || `${method.toUpperCase()} ${path}`,
    ...(descriptionHtml ? { description: descriptionHtml } : {}),
    ...(plainDescription ? { plainDescription } : {}),
    deprecated: bool(op.deprecated),
    webhook,
    tags: arr(op.tags).filter((t): t is string => typeof t === 'string'),
    security: Array.isArray(op.security) ? buildSecurity(op.security) : ctx.security,
    servers: ownServers.length > 0 ? ownServers : pathServers.length > 0 ? pathServers : ctx.servers,
    parameters: buildParameters([...arr(pathItem.parameters), ...arr(op.parameters)], ctx),
    ...(requestBody ? { requestBody } : {}),
    responses: entries(op.responses).map(([status, raw]) =>
      buildResponse(status, raw, ctx, webhook ? 'request' : 'response'),
    ),
    callbacks: buildCallbacks(op.callbacks, ctx),
    codeSamples: buildCodeSampleExtensions(op['x-codeSamples'] ?? op['x-code-samples']),
    ...(externalDocs ? { externalDocs } : {}),
  };
}

/** Requirement objects -> alternatives of scheme lists; `{}` (no auth) becomes an empty alternative. */
export function buildSecurity(raw: unknown[]): ApiSecurityRequirement[] {
  return raw.filter(isObject).map((req) =>
    Object.entries(req).map(([scheme, scopes]) => ({
      scheme,
      scopes: arr(scopes).filter((s): s is string => typeof s === 'string'),
    })),
  );
}

/** Path-level parameters first, an operation's own replacing one with the same name and location. */
function buildParameters(raw: unknown[], ctx: OperationContext): ApiParameter[] {
  const byKey = new Map<string, ApiParameter>();
  for (const item of raw) {
    const p = deref(item, ctx.lookup);
    const location = str(p?.in) as ParameterLocation | undefined;
    const name = str(p?.name);
    if (!p || !name || !location || !LOCATIONS.includes(location)) continue;
    const content = entries(p.content)[0]?.[1];
    const rawSchema = p.schema ?? (isObject(content) ? content.schema : undefined);
    const example = p.example !== undefined ? p.example : firstExampleValue(p.examples, ctx);
    const description = ctx.markdown(str(p.description));
    byKey.set(`${location}:${name}`, {
      name,
      in: location,
      required: location === 'path' || bool(p.required),
      deprecated: bool(p.deprecated),
      ...(description ? { description } : {}),
      schema: buildSchemaTree(rawSchema, ctx),
      ...(example !== undefined ? { example: example as Json } : {}),
      ...(str(p.style) ? { style: str(p.style) as string } : {}),
      ...(typeof p.explode === 'boolean' ? { explode: p.explode } : {}),
    });
  }
  return [...byKey.values()];
}

function buildRequestBody(
  raw: unknown,
  ctx: OperationContext,
  direction: ExampleDirection,
): ApiRequestBody | undefined {
  const body = deref(raw, ctx.lookup);
  if (!body) return undefined;
  const description = ctx.markdown(str(body.description));
  return {
    required: bool(body.required),
    ...(description ? { description } : {}),
    content: buildContent(body.content, ctx, direction),
  };
}

function buildResponse(status: string, raw: unknown, ctx: OperationContext, direction: ExampleDirection): ApiResponse {
  const response = deref(raw, ctx.lookup) ?? {};
  const description = ctx.markdown(str(response.description));
  const headers: ApiHeader[] = entries(response.headers).flatMap(([name, h]) => {
    const header = deref(h, ctx.lookup);
    if (!header) return [];
    const hd = ctx.markdown(str(header.description));
    return [
      {
        name,
        required: bool(header.required),
        deprecated: bool(header.deprecated),
        ...(hd ? { description: hd } : {}),
        schema: buildSchemaTree(header.schema, ctx),
      },
    ];
  });
  return {
    status,
    ...(description ? { description } : {}),
    headers,
    content: buildContent(response.content, ctx, direction),
  };
}

/** Media types with their schema tree and examples: the document's named examples, its single example, else one generated. */
function buildContent(raw: unknown, ctx: OperationContext, direction: ExampleDirection): ApiMediaType[] {
  return entries(raw).map(([mediaType, value]) => {
    const media = isObject(value) ? value : {};
    const examples: ApiExample[] = [];
    for (const [name, ex] of entries(media.examples)) {
      const example = deref(ex, ctx.lookup);
      if (!example || example.value === undefined) continue;
      const description = ctx.markdown(str(example.description));
      examples.push({
        name,
        ...(str(example.summary) ? { summary: str(example.summary) as string } : {}),
        ...(description ? { description } : {}),
        value: example.value as Json,
      });
    }
    if (examples.length === 0 && media.example !== undefined)
      examples.push({ name: 'example', value: media.example as Json });
    if (examples.length === 0 && media.schema !== undefined) {
      const value = exampleOf(media.schema, ctx.lookup, direction, ctx.examples);
      if (value !== undefined) examples.push({ name: 'example', value, generated: true });
    }
    return {
      mediaType,
      ...(media.schema !== undefined ? { schema: buildSchemaTree(media.schema, { ...ctx, direction }) } : {}),
      examples,
    };
  });
}

/** Callbacks one level deep: a callback's own callbacks are not expanded. */
function buildCallbacks(raw: unknown, ctx: OperationContext): ApiCallback[] {
  return entries(raw).flatMap(([name, cb]) =>
    entries(deref(cb, ctx.lookup)).flatMap(([expression, item]) => {
      const pathItem = deref(item, ctx.lookup);
      if (!pathItem) return [];
      return HTTP_METHODS.flatMap((method) => {
        const op = deref(pathItem[method], ctx.lookup);
        if (!op) return [];
        const operation = buildOperation({
          method,
          path: expression,
          pathItem,
          op: { ...op, callbacks: undefined },
          webhook: true,
          ctx,
        });
        return [{ name, expression, operation }];
      });
    }),
  );
}

/** Redoc's `x-codeSamples`: `[{ lang, label?, source }]`. */
function buildCodeSampleExtensions(raw: unknown): ApiCodeSample[] {
  return arr(raw).flatMap((s) => {
    if (!isObject(s) || typeof s.source !== 'string') return [];
    const lang = str(s.lang) ?? 'text';
    return [{ lang, label: str(s.label) ?? lang, source: s.source }];
  });
}

function firstExampleValue(raw: unknown, ctx: OperationContext): unknown {
  for (const [, ex] of entries(raw)) {
    const example = deref(ex, ctx.lookup);
    if (example && example.value !== undefined) return example.value;
  }
  return undefined;
}

export function docsLink(raw: unknown): { url: string; description?: string } | undefined {
  // issue 8: an externalDocs url becomes an href; a javascript: (or any non-http) one is dropped.
  const url = isObject(raw) ? safeDocumentUrl(raw.url) : undefined;
  if (!isObject(raw) || !url) return undefined;
  const description = str(raw.description);
  return { url, ...(description ? { description } : {}) };
}
