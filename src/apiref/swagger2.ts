import { arr, deref, entries, isObject, str, type Raw } from './raw.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
/** Parameter keywords that move into `schema` in OpenAPI 3. */
const SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];
const STYLES: Record<string, { style: string; explode: boolean }> = {
  csv: { style: 'form', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
};

/**
 * Swagger 2.0 -> the OpenAPI 3.0 shape the model builders read (issue 5, item 4). Only the structure moves
 * (servers, request bodies, media types, security schemes); schemas stay as they are and their `$ref`s
 * (`#/definitions/...`) keep resolving against the original document.
 */
export function convertSwagger2(doc: Raw): Raw {
  const lookup = (ref: string): unknown => {
    let node: unknown = doc;
    for (const seg of ref.replace(/^#\//, '').split('/'))
      node = isObject(node) ? node[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return node;
  };
  const consumes = arr(doc.consumes).filter((c): c is string => typeof c === 'string');
  const produces = arr(doc.produces).filter((c): c is string => typeof c === 'string');
  const paths: Raw = {};
  for (const [path, rawItem] of entries(doc.paths)) {
    const item = deref(rawItem, lookup);
    if (!item) continue;
    const out: Raw = Object.fromEntries(
      Object.entries(item).filter(([k]) => k.startsWith('x-') || k === 'summary' || k === 'description'),
    );
    for (const method of METHODS) {
      const op = deref(item[method], lookup);
      if (op) out[method] = convertOperation(op, arr(item.parameters), { consumes, produces, lookup });
    }
    paths[path] = out;
  }
  const converted: Raw = {
    ...Object.fromEntries(
      Object.entries(doc).filter(
        ([k]) => k.startsWith('x-') || k === 'info' || k === 'tags' || k === 'externalDocs' || k === 'security',
      ),
    ),
    openapi: '3.0.3',
    servers: servers(doc),
    paths,
    components: { securitySchemes: securitySchemes(doc.securityDefinitions) },
  };
  return converted;
}

function servers(doc: Raw): Raw[] {
  const host = str(doc.host);
  const basePath = str(doc.basePath) ?? '';
  if (!host) return basePath ? [{ url: basePath }] : [];
  const schemes = arr(doc.schemes).filter((s): s is string => typeof s === 'string');
  return (schemes.length > 0 ? schemes : ['https']).map((scheme) => ({ url: `${scheme}://${host}${basePath}` }));
}

function convertOperation(
  op: Raw,
  pathParams: unknown[],
  ctx: { consumes: string[]; produces: string[]; lookup: (ref: string) => unknown },
): Raw {
  const consumes = Array.isArray(op.consumes)
    ? op.consumes.filter((c): c is string => typeof c === 'string')
    : ctx.consumes;
  const produces = Array.isArray(op.produces)
    ? op.produces.filter((c): c is string => typeof c === 'string')
    : ctx.produces;
  const byKey = new Map<string, Raw>();
  for (const p of [...pathParams, ...arr(op.parameters)]) {
    const param = deref(p, ctx.lookup);
    if (param) byKey.set(`${str(param.in)}:${str(param.name)}`, param);
  }
  const params = [...byKey.values()];
  const body = params.find((p) => p.in === 'body');
  const form = params.filter((p) => p.in === 'formData');
  const out: Raw = Object.fromEntries(
    Object.entries(op).filter(([k]) => !['parameters', 'responses', 'consumes', 'produces', 'schemes'].includes(k)),
  );
  out.parameters = params.filter((p) => p.in !== 'body' && p.in !== 'formData').map(convertParameter);
  const requestTypes = consumes.length > 0 ? consumes : ['application/json'];
  if (body) {
    out.requestBody = {
      ...(str(body.description) ? { description: body.description } : {}),
      required: body.required === true,
      content: Object.fromEntries(
        requestTypes.map((type) => [
          type,
          {
            schema: body.schema ?? {},
            ...(isObject(body['x-examples']) && body['x-examples'][type] !== undefined
              ? { example: body['x-examples'][type] }
              : {}),
          },
        ]),
      ),
    };
  } else if (form.length > 0) {
    const multipart = form.some((p) => p.type === 'file') || requestTypes.includes('multipart/form-data');
    const properties = Object.fromEntries(form.map((p) => [str(p.name) ?? '', schemaOf(p)]));
    const required = form.filter((p) => p.required === true).map((p) => p.name);
    out.requestBody = {
      required: required.length > 0,
      content: {
        [multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: {
          schema: { type: 'object', properties, ...(required.length ? { required } : {}) },
        },
      },
    };
  }
  const responseTypes = produces.length > 0 ? produces : ['application/json'];
  out.responses = Object.fromEntries(
    entries(op.responses).map(([status, raw]) => {
      const response = deref(raw, ctx.lookup) ?? {};
      const examples = isObject(response.examples) ? response.examples : {};
      const content =
        response.schema === undefined
          ? {}
          : Object.fromEntries(
              responseTypes.map((type) => [
                type,
                { schema: response.schema, ...(examples[type] !== undefined ? { example: examples[type] } : {}) },
              ]),
            );
      const headers = Object.fromEntries(
        entries(response.headers).map(([name, h]) => [
          name,
          isObject(h) ? { description: h.description, schema: schemaOf(h) } : {},
        ]),
      );
      return [status, { description: str(response.description) ?? '', headers, content }];
    }),
  );
  return out;
}

function convertParameter(p: Raw): Raw {
  const format = STYLES[str(p.collectionFormat) ?? ''];
  return {
    name: p.name,
    in: p.in,
    required: p.in === 'path' || p.required === true,
    ...(str(p.description) ? { description: p.description } : {}),
    ...(p.deprecated === true ? { deprecated: true } : {}),
    ...(p['x-example'] !== undefined ? { example: p['x-example'] } : {}),
    ...(format && p.type === 'array' ? format : {}),
    schema: schemaOf(p),
  };
}

/** A 2.0 non-body parameter or header carries its schema inline; `file` becomes a binary string. */
function schemaOf(p: Raw): Raw {
  const schema: Raw = Object.fromEntries(SCHEMA_KEYS.filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
  if (schema.type === 'file')
    return { type: 'string', format: 'binary', ...(str(p.description) ? { description: p.description } : {}) };
  if (str(p.description) && p.in === 'formData') schema.description = p.description;
  return schema;
}

const FLOWS: Record<string, string> = {
  implicit: 'implicit',
  password: 'password',
  application: 'clientCredentials',
  accessCode: 'authorizationCode',
};

function securitySchemes(defs: unknown): Raw {
  return Object.fromEntries(
    entries(defs).flatMap(([key, def]) => {
      if (!isObject(def)) return [];
      const description = str(def.description) ? { description: def.description } : {};
      if (def.type === 'basic') return [[key, { type: 'http', scheme: 'basic', ...description }]];
      if (def.type === 'apiKey') return [[key, { type: 'apiKey', name: def.name, in: def.in, ...description }]];
      if (def.type === 'oauth2') {
        const flow = FLOWS[str(def.flow) ?? ''] ?? 'implicit';
        return [
          [
            key,
            {
              type: 'oauth2',
              ...description,
              flows: {
                [flow]: {
                  authorizationUrl: def.authorizationUrl,
                  tokenUrl: def.tokenUrl,
                  scopes: isObject(def.scopes) ? def.scopes : {},
                },
              },
            },
          ],
        ];
      }
      return [[key, def]];
    }),
  );
}
