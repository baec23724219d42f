import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../../src/bench/openapi.ts';
import { onlyOperation, parseInline, requestSchema, VIRTUAL } from './helpers.ts';

const minimal = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  paths,
  ...extra,
});
const get = (extra: Record<string, unknown> = {}) => ({
  get: { summary: 'Get it', responses: { '200': { description: 'OK' } }, ...extra },
});

describe('parseApiDocument: errors name the file, the pointer and the line', () => {
  it('reports invalid YAML with its line', async () => {
    const result = await parseInline(
      'openapi: 3.0.3\ninfo:\n  title: T\n  version: "1"\npaths:\n  /a:\n    get: x: y\n  /b: {}\n',
    );
    expect(result.model).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'openapi-invalid',
      file: `${VIRTUAL}/api.yaml`,
      line: 7,
      column: 10,
    });
    expect(result.diagnostics[0]?.message).toMatchInlineSnapshot(
      `"the OpenAPI document is not valid YAML: Nested mappings are not allowed in compact mappings"`,
    );
  });

  it('reports a document that breaks the OpenAPI schema with the JSON pointer and line', async () => {
    const source = [
      'openapi: 3.0.3',
      'info:',
      '  title: T',
      '  version: "1"',
      'paths:',
      '  /a:',
      '    get:',
      '      responses:',
      "        '200':",
      '          descripton: typo',
    ].join('\n');
    const result = await parseInline(source);
    const d = result.diagnostics[0];
    expect(d).toMatchObject({ code: 'openapi-invalid', file: `${VIRTUAL}/api.yaml` });
    expect(d?.message).toContain('#/paths/~1a/get/responses/200');
    expect(d?.line).toBe(9);
  });

  it('reports Swagger 2.0 spec rules (a path parameter the path does not declare) with the operation pointer', async () => {
    const result = await parseInline({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      paths: { '/a/{id}': get() },
    });
    expect(result.diagnostics[0]?.message).toMatch(/#\/paths\/~1a~1\{id\}\/get: .*missing path parameter/);
    expect(result.diagnostics[0]?.line).toBeGreaterThan(1);
  });

  it('says when the text is not an OpenAPI document at all', async () => {
    const result = await parseInline('title: not an api\n');
    expect(result.diagnostics[0]?.message).toContain('not an OpenAPI document');
  });

  it.each([
    ['an absolute path', '/etc/passwd', /outside the OpenAPI root folder/],
    ['a path out of the folder', '../outside.yaml', /outside the OpenAPI root folder/],
    ['a URL', 'https://example.com/schema.yaml', /does not fetch https: URLs/],
  ])('refuses a $ref to %s (issue 8)', async (_label, ref, message) => {
    const doc = minimal({
      '/a': get({
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: ref } } } } },
      }),
    });
    const result = await parseInline(doc, { '../outside.yaml': 'type: string\n' });
    expect(result.model).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.message).toMatch(message);
    expect(result.diagnostics[0]?.message).toContain(
      '#/paths/~1a/get/responses/200/content/application~1json/schema/$ref',
    );
    expect(result.diagnostics[0]?.line).toBeGreaterThan(1);
  });

  it('follows $refs to files inside the openapi folder', async () => {
    const doc = minimal({
      '/a': get({
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: { $ref: 'schemas/thing.yaml' } } } },
        },
      }),
    });
    const op = onlyOperation(
      await parseInline(doc, {
        'schemas/thing.yaml': 'type: object\nproperties:\n  size:\n    $ref: ./size.yaml\n',
        'schemas/size.yaml': 'type: integer\nminimum: 1\n',
      }),
    );
    expect(op.responses[0]?.content[0]?.schema).toMatchObject({
      type: 'object',
      properties: [{ name: 'size', schema: { type: 'integer', constraints: ['>= 1'] } }],
    });
  });

  it('names a missing referenced file', async () => {
    const result = await parseInline(
      minimal({
        '/a': get({
          responses: {
            '200': { description: 'OK', content: { 'application/json': { schema: { $ref: 'nope.yaml' } } } },
          },
        }),
      }),
    );
    expect(result.diagnostics[0]?.message).toMatch(/nope\.yaml/);
  });
});

describe('parseApiDocument: the model', () => {
  it('reads info, servers, security schemes, tags with x-slug, x-tagGroups and operation security', async () => {
    const result = await parseInline(
      minimal(
        {
          '/a': {
            get: { summary: 'Get A', tags: ['Alpha'], responses: { '200': { description: 'OK' } } },
            post: {
              summary: 'Make A',
              tags: ['Alpha', 'Beta'],
              security: [],
              responses: { '201': { description: 'Made' } },
            },
          },
          '/b': {
            get: {
              summary: 'Get B',
              security: [{ oauth: ['read', 'write'] }, { key: [] }],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
        {
          info: { title: 'Shop', version: '2.0', description: 'Hello *world*.', contact: { email: 'a@b.c' } },
          servers: [
            { url: 'https://{region}.api.example.com', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } },
          ],
          security: [{ bearer: [] }],
          tags: [{ name: 'Alpha', 'x-slug': 'alpha-group', description: 'The A.' }, { name: 'Beta' }],
          'x-tagGroups': [{ name: 'Letters', tags: ['Alpha', 'Beta'] }],
          components: {
            securitySchemes: {
              bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
              key: { type: 'apiKey', in: 'header', name: 'X-Key' },
              oauth: {
                type: 'oauth2',
                flows: {
                  clientCredentials: {
                    tokenUrl: 'https://auth.example.com/token',
                    scopes: { read: 'Read', write: 'Write' },
                  },
                },
              },
            },
          },
        },
      ),
    );
    const model = result.model;
    expect(result.diagnostics).toEqual([]);
    expect(model?.info).toMatchObject({
      title: 'Shop',
      version: '2.0',
      description: { __html: '<p>Hello <em>world</em>.</p>' },
      contact: { email: 'a@b.c' },
    });
    expect(model?.servers[0]?.variables).toEqual([{ name: 'region', default: 'eu', enum: ['eu', 'us'] }]);
    expect(model?.securitySchemes.map((s) => [s.key, s.type])).toEqual([
      ['bearer', 'http'],
      ['key', 'apiKey'],
      ['oauth', 'oauth2'],
    ]);
    expect(model?.securitySchemes[2]?.flows[0]).toMatchObject({
      flow: 'clientCredentials',
      scopes: [
        { name: 'read', description: 'Read' },
        { name: 'write', description: 'Write' },
      ],
    });
    expect(model?.tags.map((t) => [t.name, t.slug, t.operations])).toEqual([
      ['Alpha', 'alpha-group', ['get-a', 'make-a']],
      ['Beta', 'beta', ['make-a']],
      ['Operations', 'operations', ['get-b']],
    ]);
    expect(model?.tagGroups).toEqual([{ name: 'Letters', tags: ['Alpha', 'Beta'] }]);
    const [getA, makeA, getB] = model?.operations ?? [];
    expect(getA?.security).toEqual([[{ scheme: 'bearer', scopes: [] }]]);
    expect(makeA?.security).toEqual([]);
    expect(getB?.security).toEqual([[{ scheme: 'oauth', scopes: ['read', 'write'] }], [{ scheme: 'key', scopes: [] }]]);
  });

  it('groups parameters by location, lets an operation override a path-level one, and keeps examples', async () => {
    const op = onlyOperation(
      await parseInline(
        minimal({
          '/things/{id}': {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'Path level' },
              { name: 'trace', in: 'header', schema: { type: 'string' } },
            ],
            get: {
              summary: 'Get a thing',
              parameters: [
                {
                  name: 'id',
                  in: 'path',
                  required: true,
                  schema: { type: 'string', format: 'uuid' },
                  description: 'Operation level',
                },
                {
                  name: 'expand',
                  in: 'query',
                  schema: { type: 'array', items: { type: 'string' } },
                  style: 'form',
                  explode: false,
                  examples: { one: { value: ['owner'] } },
                },
                { name: 'session', in: 'cookie', deprecated: true, schema: { type: 'string' } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        }),
      ),
    );
    expect(op.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['header', 'trace', false],
      ['query', 'expand', false],
      ['cookie', 'session', false],
    ]);
    expect(op.parameters[0]).toMatchObject({
      description: { __html: '<p>Operation level</p>' },
      schema: { format: 'uuid' },
    });
    expect(op.parameters[2]).toMatchObject({ style: 'form', explode: false, example: ['owner'] });
    expect(op.parameters[3]?.deprecated).toBe(true);
  });

  it('keeps named examples, and generates one from the schema when none is given', async () => {
    const op = onlyOperation(
      await parseInline(
        minimal({
          '/a': {
            post: {
              summary: 'Post',
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        id: { type: 'string', readOnly: true },
                        when: { type: 'string', format: 'date-time' },
                        n: { type: 'integer', minimum: 5 },
                      },
                    },
                  },
                },
              },
              responses: {
                '200': {
                  description: 'OK',
                  content: {
                    'application/json': {
                      schema: { type: 'object' },
                      examples: { small: { summary: 'Small', value: { a: 1 } } },
                    },
                  },
                },
              },
            },
          },
        }),
      ),
    );
    expect(op.requestBody?.content[0]?.examples).toEqual([
      { name: 'example', value: { when: '2024-01-15T09:30:00Z', n: 5 }, generated: true },
    ]);
    expect(op.responses[0]?.content[0]?.examples).toEqual([{ name: 'small', summary: 'Small', value: { a: 1 } }]);
  });

  it('reads webhooks (3.1) and callbacks as operations, with directions swapped', async () => {
    const result = await parseInline({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/subscribe': {
          post: {
            summary: 'Subscribe',
            callbacks: {
              onEvent: {
                '{$request.body#/url}': {
                  post: {
                    summary: 'Event',
                    requestBody: {
                      content: {
                        'application/json': {
                          schema: { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
                        },
                      },
                    },
                    responses: { '204': { description: 'Thanks' } },
                  },
                },
              },
            },
            responses: { '201': { description: 'OK' } },
          },
        },
      },
      webhooks: {
        newPet: {
          post: {
            summary: 'New pet',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
                },
              },
            },
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    });
    const ops = result.model?.operations ?? [];
    expect(ops.map((o) => [o.slug, o.method, o.path, o.webhook])).toEqual([
      ['subscribe', 'POST', '/subscribe', false],
      ['new-pet', 'POST', 'newPet', true],
    ]);
    // The API sends a webhook's body, so its readOnly properties are shown.
    expect(requestSchema(ops[1] as never).properties?.map((p) => p.name)).toEqual(['id']);
    expect(ops[0]?.callbacks[0]).toMatchObject({
      name: 'onEvent',
      expression: '{$request.body#/url}',
      operation: { method: 'POST', title: 'Event', responses: [{ status: '204' }] },
    });
    expect(result.model?.tags.map((t) => t.name)).toEqual(['Operations', 'Webhooks']);
  });

  it('converts Swagger 2.0: servers, body and form parameters, produces, definitions, security definitions', async () => {
    const result = await parseInline({
      swagger: '2.0',
      info: { title: 'Old', version: '1' },
      host: 'api.example.com',
      basePath: '/v1',
      schemes: ['https'],
      consumes: ['application/json'],
      produces: ['application/json'],
      securityDefinitions: {
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
        oauth: {
          type: 'oauth2',
          flow: 'accessCode',
          authorizationUrl: 'https://a',
          tokenUrl: 'https://t',
          scopes: { read: 'Read' },
        },
      },
      security: [{ key: [] }],
      paths: {
        '/pets': {
          post: {
            summary: 'Add pet',
            parameters: [{ in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
            responses: {
              '200': {
                description: 'OK',
                schema: { type: 'array', items: { $ref: '#/definitions/Pet' } },
                headers: { 'X-Rate': { type: 'integer' } },
              },
            },
          },
        },
        '/pets/{id}/photo': {
          post: {
            summary: 'Upload photo',
            consumes: ['multipart/form-data'],
            parameters: [
              { in: 'path', name: 'id', required: true, type: 'integer' },
              { in: 'formData', name: 'file', type: 'file', required: true },
              { in: 'formData', name: 'caption', type: 'string' },
              { in: 'query', name: 'tags', type: 'array', items: { type: 'string' }, collectionFormat: 'csv' },
            ],
            responses: { '204': { description: 'Done' } },
          },
        },
      },
      definitions: {
        Pet: {
          type: 'object',
          required: ['name'],
          discriminator: 'kind',
          properties: { name: { type: 'string', 'x-nullable': true }, kind: { type: 'string' } },
        },
      },
    });
    expect(result.diagnostics).toEqual([]);
    const [add, upload] = result.model?.operations ?? [];
    expect(result.model?.specVersion).toBe('2.0');
    expect(result.model?.servers.map((s) => s.url)).toEqual(['https://api.example.com/v1']);
    expect(add?.requestBody).toMatchObject({
      required: true,
      content: [
        {
          mediaType: 'application/json',
          schema: {
            name: 'Pet',
            discriminator: 'kind',
            properties: [{ name: 'name', required: true, schema: { nullable: true } }, { name: 'kind' }],
          },
        },
      ],
    });
    expect(add?.responses[0]).toMatchObject({
      status: '200',
      headers: [{ name: 'X-Rate', schema: { type: 'integer' } }],
      content: [{ mediaType: 'application/json', schema: { type: 'array', items: { name: 'Pet' } } }],
    });
    expect(upload?.parameters.map((p) => [p.in, p.name])).toEqual([
      ['path', 'id'],
      ['query', 'tags'],
    ]);
    expect(upload?.parameters[1]).toMatchObject({ style: 'form', explode: false });
    expect(upload?.requestBody?.content[0]).toMatchObject({
      mediaType: 'multipart/form-data',
      schema: {
        properties: [
          { name: 'file', required: true, schema: { type: 'string', format: 'binary' } },
          { name: 'caption' },
        ],
      },
    });
    expect(result.model?.securitySchemes.find((s) => s.key === 'oauth')?.flows[0]).toMatchObject({
      flow: 'authorizationCode',
      authorizationUrl: 'https://a',
      tokenUrl: 'https://t',
    });
    expect(add?.security).toEqual([[{ scheme: 'key', scopes: [] }]]);
  });

  it('keeps x-codeSamples on the operation', async () => {
    const op = onlyOperation(
      await parseInline(
        minimal({
          '/a': get({
            'x-codeSamples': [
              { lang: 'Go', source: 'client.Get()' },
              { lang: 'curl', label: 'Shell', source: 'curl x' },
            ],
          }),
        }),
      ),
    );
    expect(op.codeSamples).toEqual([
      { lang: 'Go', label: 'Go', source: 'client.Get()' },
      { lang: 'curl', label: 'Shell', source: 'curl x' },
    ]);
  });
});

describe('parseApiDocument: hostile input (issue 8)', () => {
  it('stops YAML alias bombs instead of expanding them', async () => {
    const bomb = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'paths: {}',
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
    ].join('\n');
    const result = await parseInline(bomb);
    expect(result.model).toBeUndefined();
    expect(result.diagnostics[0]?.message).toMatch(/cannot be read: .*alias/i);
  });

  it('keeps Markdown, names and examples inert: no raw HTML reaches the model', async () => {
    const op = onlyOperation(
      await parseInline({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/a': {
            get: {
              summary: '<img src=x onerror=alert(1)>',
              description: '<script>alert(1)</script>\n\n[x](javascript:alert(1))',
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    expect(op.title).toBe('<img src=x onerror=alert(1)>'); // rendered as React text, so escaped
    // An HTML block of script is left out with its content (raw-html.ts); the unsafe link is its text.
    expect(op.description?.__html).toBe('<p>x</p>');
  });
});

describe('documents deeper than the validator follows (issue 20)', () => {
  it('warns, in one short line, and builds the reference of a long chain of references', async () => {
    // The bench's 3,000-operation document: 300 resources, each linking the next (expandable, as Stripe does)
    // and another in a list. Valid, but its chains go past the 500 levels the validator follows.
    const result = await parseInline(generateOpenApiDocument(3000), {}, 'generated.json');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const warned = result.diagnostics.find((d) => d.code === 'openapi-too-deep-to-validate');
    expect(warned?.message.length).toBeLessThan(200);
    expect(result.model?.operations).toHaveLength(3000);
  });
});
