import { describe, expect, it } from 'vitest';
import type { ApiOperation, ApiResponse, SchemaNode } from '../../../../templates/shared/api-model.ts';
import type { ConsoleRequest } from '../../../../templates/api/console/check-request.ts';
import { mockResponse } from '../../../../templates/api/console/mock.ts';
import { bearer } from './credential-fixtures.ts';

const errorExample = (status: string, code: string): ApiResponse => ({
  status,
  headers: [],
  content: [
    {
      mediaType: 'application/json',
      examples: [
        {
          name: 'e',
          value: { error: { type: 'invalid_request', code, message: 'x', param: 'y', requestId: 'req_1' } },
        },
      ],
    },
  ],
});

const lineSchema: SchemaNode = {
  type: 'object',
  properties: [
    { name: 'id', required: true, schema: { type: 'string', readOnly: true } },
    { name: 'quantity', required: true, schema: { type: 'integer', constraints: ['>= 1'] } },
  ],
};

/** `POST /orders/{orderId}/lines?expand=`, bearer auth, a JSON body, 201, 400 and 422 with the error model. */
const op: ApiOperation = {
  slug: 'add-line',
  method: 'POST',
  path: '/orders/{orderId}/lines',
  title: 'Add a line',
  deprecated: false,
  webhook: false,
  tags: [],
  security: [[{ scheme: 'bearerAuth', scopes: [] }]],
  servers: [],
  parameters: [
    {
      name: 'orderId',
      in: 'path',
      required: true,
      deprecated: false,
      schema: { type: 'string', constraints: ['pattern ^ord_'] },
    },
    { name: 'expand', in: 'query', required: false, deprecated: false, schema: { type: 'string', enum: ['order'] } },
    { name: 'Idempotency-Key', in: 'header', required: false, deprecated: false, schema: { type: 'string' } },
  ],
  requestBody: { required: true, content: [{ mediaType: 'application/json', schema: lineSchema, examples: [] }] },
  responses: [
    {
      status: '201',
      headers: [],
      content: [
        {
          mediaType: 'application/json',
          examples: [
            { name: 'ok', value: { id: 'lin_1', orderId: 'ord_example', quantity: 2, order: { id: 'ord_example' } } },
          ],
        },
      ],
    },
    errorExample('400', 'parameter_missing'),
    errorExample('422', 'validation_failed'),
  ],
  callbacks: [],
  codeSamples: [],
};

const request = (over: Partial<ConsoleRequest> = {}): ConsoleRequest => ({
  path: { orderId: 'ord_42' },
  query: {},
  headers: {},
  body: '{"quantity": 3}',
  credentials: bearer('tsk_test_1'),
  ...over,
});

// issue 19: the Mock server answers from the document alone.
describe('mockResponse', () => {
  it('answers a valid request with the success example, the path id put in', () => {
    const res = mockResponse(op, request());
    expect(res.status).toBe(201);
    expect(res.statusText).toBe('Created');
    expect(res.headers).toContainEqual(['content-type', 'application/json']);
    expect(JSON.parse(res.body)).toEqual({ id: 'lin_1', orderId: 'ord_42', quantity: 2, order: { id: 'ord_example' } });
  });

  it('puts the last id parameter in the object’s own id, everywhere the example repeats it', () => {
    const get: ApiOperation = {
      ...op,
      method: 'GET',
      path: '/orders/{orderId}',
      requestBody: undefined as never,
      responses: [
        {
          status: '200',
          headers: [],
          content: [
            { mediaType: 'application/json', examples: [{ name: 'o', value: { id: 'ord_1', self: 'ord_1', n: 1 } }] },
          ],
        },
      ],
    };
    delete (get as Partial<ApiOperation>).requestBody;
    expect(JSON.parse(mockResponse(get, request({ body: undefined })).body)).toEqual({
      id: 'ord_42',
      self: 'ord_42',
      n: 1,
    });
  });

  it('answers a missing or malformed parameter with the document’s 400, naming it', () => {
    const res = mockResponse(op, request({ path: { orderId: '' } }));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        type: 'invalid_request',
        code: 'parameter_missing',
        message: 'Path parameter orderId is required',
        param: 'orderId',
        requestId: 'req_mock',
      },
    });
    const bad = JSON.parse(mockResponse(op, request({ query: { expand: 'customer' } })).body);
    expect(bad.error.message).toBe('Query parameter expand must be one of "order"');
    expect(bad.error.param).toBe('expand');
  });

  it('answers a body against its schema with the document’s 422, naming the field', () => {
    const res = mockResponse(op, request({ body: '{"quantity": 0}' }));
    expect(res.status).toBe(422);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toBe('Body field quantity must be >= 1');
    expect(body.error.param).toBe('quantity');
  });

  it('answers a body that is not JSON with a 400', () => {
    const res = mockResponse(op, request({ body: '{"quantity": ' }));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.message).toMatch(/^The body is not valid JSON/);
  });

  it('answers a request without a token with 401, in a plain error when the document has no example', () => {
    const res = mockResponse(op, request({ credentials: bearer('') }));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({
      error: { status: 401, message: 'Authorization needs a token', field: 'Authorization' },
    });
  });

  it('uses a 400 for a body problem when the document has no 422', () => {
    const without = { ...op, responses: op.responses.filter((r) => r.status !== '422') };
    expect(mockResponse(without, request({ body: '{}' })).status).toBe(400);
  });
});
