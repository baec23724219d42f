/**
 * A generated OpenAPI 3.1 document of a chosen number of operations, shaped like a large real API (issue 5
 * budget: 1,000 operations build in at most 15 s and 2 GB): resources with shared component schemas,
 * `$ref`ed parameters and error responses, nested objects and arrays, enums, examples and Markdown
 * descriptions, grouped into tags of about 40 operations.
 */

/** The ten operations generated per resource: method, path suffix, summary verb. */
const ACTIONS = [
  { method: 'get', suffix: '', verb: 'List', list: true },
  { method: 'post', suffix: '', verb: 'Create', body: true, status: '201' },
  { method: 'get', suffix: '/{id}', verb: 'Get' },
  { method: 'put', suffix: '/{id}', verb: 'Replace', body: true },
  { method: 'patch', suffix: '/{id}', verb: 'Update', body: true },
  { method: 'delete', suffix: '/{id}', verb: 'Delete', status: '204' },
  { method: 'get', suffix: '/{id}/items', verb: 'List items of', list: true },
  { method: 'post', suffix: '/{id}/items', verb: 'Add an item to', body: true, status: '201' },
  { method: 'post', suffix: '/{id}/archive', verb: 'Archive' },
  { method: 'get', suffix: '/search', verb: 'Search', list: true },
] as const;

const NOUNS = [
  'order',
  'invoice',
  'bill',
  'customer',
  'vendor',
  'product',
  'service',
  'reservation',
  'account',
  'transfer',
  'reminder',
  'employee',
  'gallery',
  'photo',
  'brand',
  'tax',
  'shipment',
  'coupon',
  'payout',
  'refund',
];
const OPS_PER_TAG = 40;

/** The document as JSON text (valid YAML too), for a site whose `openapi.path` points at it. */
export function generateOpenApiDocument(operations: number): string {
  const resources = Math.ceil(operations / ACTIONS.length);
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = { ...sharedSchemas() };
  const tags: Array<{ name: string; description: string }> = [];
  let count = 0;
  const nounOf = (r: number): string =>
    `${NOUNS[r % NOUNS.length]}${r >= NOUNS.length ? `-${Math.floor(r / NOUNS.length)}` : ''}`;
  const typeOf = (r: number): string => nounOf(r).replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
  for (let r = 0; r < resources && count < operations; r++) {
    const noun = nounOf(r);
    const Type = typeOf(r);
    // Like Stripe's: every resource links two others (one expandable, one as a list), so most schemas recurse.
    schemas[Type] = resourceSchema(Type, noun, [typeOf((r + 1) % resources), typeOf((r * 7 + 3) % resources)]);
    for (const action of ACTIONS) {
      if (count >= operations) break;
      const tag = `Group ${Math.floor(count / OPS_PER_TAG) + 1}`;
      if (!tags.some((t) => t.name === tag))
        tags.push({
          name: tag,
          description: `Operations of ${tag.toLowerCase()}: resources, their items and searches. See [the introduction](/docs/api) for authentication.`,
        });
      const path = `/${noun}s${action.suffix}`;
      paths[path] ??= {};
      paths[path][action.method] = operation({ action, noun, Type, tag, index: count });
      count++;
    }
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Generated API',
      version: '1.0.0',
      description: `A generated API of ${operations} operations, used to measure the build's cost per operation.`,
    },
    servers: [{ url: 'https://api.example.com/v1', description: 'Production' }],
    security: [{ bearer: [] }],
    tags,
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A token from the dashboard.' } },
      parameters: {
        Id: {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The resource id.',
          schema: { type: 'string', pattern: '^[a-z]+_[A-Za-z0-9]{12}$' },
        },
        Cursor: {
          name: 'cursor',
          in: 'query',
          description: 'The `nextCursor` of the previous page.',
          schema: { type: 'string' },
        },
        Limit: {
          name: 'limit',
          in: 'query',
          description: 'Page size.',
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        },
        Query: {
          name: 'q',
          in: 'query',
          description: 'Full-text search over names and numbers.',
          schema: { type: 'string', minLength: 2 },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          description: 'Retries with the same key are applied once.',
          schema: { type: 'string', format: 'uuid' },
        },
      },
      responses: Object.fromEntries(
        (
          [
            ['BadRequest', 'The request is malformed.'],
            ['Unauthorized', 'The token is missing or invalid.'],
            ['NotFound', 'No such resource.'],
            ['ServerError', 'Something went wrong on our side.'],
          ] as const
        ).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
      schemas,
    },
  };
  return `${JSON.stringify(doc, null, 1)}\n`;
}

function operation(o: {
  action: (typeof ACTIONS)[number];
  noun: string;
  Type: string;
  tag: string;
  index: number;
}): Record<string, unknown> {
  const { action, noun, Type } = o;
  const ref = { $ref: `#/components/schemas/${Type}` };
  const parameters: unknown[] = [];
  if (action.suffix.includes('{id}')) parameters.push({ $ref: '#/components/parameters/Id' });
  if ('list' in action)
    parameters.push(
      { $ref: '#/components/parameters/Query' },
      { $ref: '#/components/parameters/Cursor' },
      { $ref: '#/components/parameters/Limit' },
      {
        name: 'state',
        in: 'query',
        description: `Only ${noun}s in this state.`,
        schema: { $ref: '#/components/schemas/State' },
      },
    );
  if ('body' in action) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const status = 'status' in action ? action.status : '200';
  const okSchema =
    'list' in action
      ? {
          type: 'object',
          required: ['data', 'hasMore'],
          properties: {
            data: { type: 'array', items: ref },
            nextCursor: { type: ['string', 'null'] },
            hasMore: { type: 'boolean' },
          },
        }
      : ref;
  return {
    operationId: `${action.verb.replace(/\W+/g, '')}${Type}${action.suffix.replace(/\W+/g, '')}${o.index}`,
    tags: [o.tag],
    summary: `${action.verb} ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun.replace(/-/g, ' ')} (${o.index + 1})`,
    description: `${action.verb} ${noun}s of the account. The call is **idempotent** when an \`Idempotency-Key\` is given.\n\nScope: \`${noun}s:${action.method === 'get' ? 'read' : 'write'}\`. See [the introduction](/docs/intro) for list calls.`,
    ...(parameters.length ? { parameters } : {}),
    ...('body' in action ? { requestBody: { required: true, content: { 'application/json': { schema: ref } } } } : {}),
    responses: {
      [status]:
        status === '204'
          ? { description: 'Deleted.' }
          : { description: `The ${noun}.`, content: { 'application/json': { schema: okSchema } } },
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      ...(action.suffix.includes('{id}') ? { '404': { $ref: '#/components/responses/NotFound' } } : {}),
      '500': { $ref: '#/components/responses/ServerError' },
    },
  };
}

function resourceSchema(Type: string, noun: string, linked: readonly [string, string]): unknown {
  return {
    type: 'object',
    description: `A ${noun.replace(/-/g, ' ')}.`,
    required: ['id', 'state', 'createdAt'],
    properties: {
      id: { type: 'string', readOnly: true, example: `${noun.slice(0, 3)}_7QbX2kR9mTa1` },
      number: { type: 'string', description: 'Human-readable number, unique per account.', example: 'A-1042' },
      state: { $ref: '#/components/schemas/State' },
      name: { type: 'string', maxLength: 200 },
      total: { $ref: '#/components/schemas/Money' },
      address: { $ref: '#/components/schemas/Address' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            sku: { type: 'string' },
            quantity: { type: 'integer', minimum: 1 },
            unitPrice: { $ref: '#/components/schemas/Money' },
          },
        },
      },
      metadata: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: `Your own key-value pairs on the ${Type}.`,
      },
      parent: {
        description: `The ${noun.replace(/-/g, ' ')} this one was copied from.`,
        anyOf: [{ type: 'string' }, { $ref: `#/components/schemas/${Type}` }],
      },
      related: {
        description: 'Its id, or the whole object when expanded.',
        anyOf: [{ type: 'string' }, { $ref: `#/components/schemas/${linked[0]}` }],
      },
      links: { type: 'array', items: { $ref: `#/components/schemas/${linked[1]}` } },
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
      updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    },
  };
}

function sharedSchemas(): Record<string, unknown> {
  return {
    State: {
      type: 'string',
      enum: ['draft', 'open', 'paid', 'archived'],
      description: 'Where the resource is in its life cycle.',
    },
    Money: {
      type: 'object',
      required: ['amount', 'currency'],
      properties: {
        amount: { type: 'integer', description: 'In the currency’s minor unit.', example: 1250 },
        currency: { type: 'string', pattern: '^[A-Z]{3}$', example: 'USD' },
      },
    },
    Address: {
      type: 'object',
      properties: {
        line1: { type: 'string' },
        line2: { type: ['string', 'null'] },
        city: { type: 'string' },
        postalCode: { type: 'string' },
        country: { type: 'string', minLength: 2, maxLength: 2 },
      },
    },
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['type', 'message'],
          properties: {
            type: { type: 'string', enum: ['invalid_request', 'authentication', 'not_found', 'server'] },
            code: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
    },
  };
}

/** A site of one intro doc whose API reference is the generated document, relative to the project root. */
export function openApiCorpusFiles(operations: number): Record<string, string> {
  return {
    'site/portal.config.ts': `export default { title: 'API corpus', url: 'https://api-corpus.example', openapi: { path: 'openapi/generated.json' } };\n`,
    'site/sidebars.ts': `export default { docs: ['intro'], api: [{ type: 'openapi' }] };\n`,
    'site/docs/intro.md': '# Introduction\n\nThe [API reference](/docs/api) is generated.\n',
    'openapi/generated.json': generateOpenApiDocument(operations),
  };
}
