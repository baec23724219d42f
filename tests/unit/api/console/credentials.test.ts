import { describe, expect, it } from 'vitest';
import type { ApiOperation } from '../../../../templates/shared/api-model.ts';
import { checkRequest, type ConsoleRequest } from '../../../../templates/api/console/check-request.ts';
import { credentialSlots, placeCredentials } from '../../../../templates/api/console/credentials.ts';
import { sampleRequest } from '../../../../templates/api/console/console-panel.ts';
import { mockResponse } from '../../../../templates/api/console/mock.ts';
import { requestHeaders, requestUrl } from '../../../../templates/api/console/send.ts';
import { toCurl } from '../../../../templates/shared/code-sample-writers.ts';
import { credential, SCHEMES } from './credential-fixtures.ts';

const op = (security: ApiOperation['security'], parameters: ApiOperation['parameters'] = []): ApiOperation => ({
  slug: 'list-orders',
  method: 'GET',
  path: '/orders',
  title: 'List orders',
  deprecated: false,
  webhook: false,
  tags: [],
  security,
  servers: [],
  parameters,
  responses: [{ status: '200', headers: [], content: [] }],
  callbacks: [],
  codeSamples: [],
});

const request = (over: Partial<ConsoleRequest> = {}): ConsoleRequest => ({ path: {}, query: {}, headers: {}, ...over });

// issue 19: the console asks for every kind of credential an OpenAPI document can name, and sends each where
// the scheme says.
describe('the console’s credentials', () => {
  it('asks for a token, a username and password, or a named API key, per scheme', () => {
    const slots = credentialSlots(
      [
        { scheme: 'bearerAuth', scopes: [] },
        { scheme: 'basicAuth', scopes: [] },
        { scheme: 'headerKey', scopes: [] },
      ],
      SCHEMES,
    );
    expect(slots.map((s) => s.label)).toEqual(['Bearer token', 'Username and password', 'API key (X-Api-Key header)']);
    expect(credentialSlots([{ scheme: 'undescribed', scopes: [] }], SCHEMES)).toEqual([]);
  });

  it('puts each credential where its scheme says: Authorization, a header, the query or a cookie', () => {
    const placed = placeCredentials(
      [
        credential('basicAuth', 'zoë:pa:ss'),
        credential('headerKey', 'k1'),
        credential('queryKey', 'k2'),
        credential('cookieKey', 'k3'),
      ],
      false,
    );
    // Basic is base64 of the UTF-8 bytes; a password may hold a colon.
    expect(placed.headers).toEqual([
      ['Authorization', `Basic ${Buffer.from('zoë:pa:ss', 'utf8').toString('base64')}`],
      ['X-Api-Key', 'k1'],
    ]);
    expect(placed.query).toEqual([['api_key', 'k2']]);
    expect(placed.cookies).toEqual([['session', 'k3']]);
  });

  it('sends an API key in the query and a token as a header; a cookie only in the code samples', () => {
    const o = op([
      [
        { scheme: 'queryKey', scopes: [] },
        { scheme: 'cookieKey', scopes: [] },
      ],
    ]);
    const req = request({ credentials: [credential('queryKey', 'k 2'), credential('cookieKey', 'k3')] });
    expect(requestUrl('https://api.example', o, req)).toBe('https://api.example/orders?api_key=k+2');
    expect(requestHeaders(o, req)).toEqual([]);
    expect(toCurl(sampleRequest('https://api.example', o, req))).toContain(`--header 'Cookie: session=k3'`);
  });

  it('names a missing credential, and the Mock answers it with 401', () => {
    const o = op([[{ scheme: 'headerKey', scopes: [] }], [{ scheme: 'basicAuth', scopes: [] }]]);
    expect(checkRequest(o, request({ credentials: [credential('headerKey', ' ')] }))).toEqual([
      {
        location: 'auth',
        field: 'X-Api-Key',
        scheme: 'headerKey',
        message: 'The request needs an API key (X-Api-Key)',
        status: 401,
      },
    ]);
    const res = mockResponse(o, request({ credentials: [credential('basicAuth', ':secret')] }));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.message).toBe('Authorization needs a username');
    expect(mockResponse(o, request({ credentials: [credential('basicAuth', 'ana:')] })).status).toBe(200);
  });

  it('lets an operation whose requirements include none be called without a credential', () => {
    expect(checkRequest(op([[{ scheme: 'bearerAuth', scopes: [] }], []]), request())).toEqual([]);
    expect(checkRequest(op([[{ scheme: 'bearerAuth', scopes: [] }]]), request())[0]?.status).toBe(401);
  });

  it('checks cookie parameters like the others, and writes them into the samples', () => {
    const o = op(
      [],
      [
        {
          name: 'cart',
          in: 'cookie',
          required: true,
          deprecated: false,
          schema: { type: 'string', constraints: ['min length 3'] },
        },
      ],
    );
    expect(checkRequest(o, request({ cookies: { cart: 'ab' } }))).toEqual([
      { location: 'cookie', field: 'cart', message: 'must have at least 3 characters', status: 400 },
    ]);
    expect(JSON.parse(mockResponse(o, request()).body).error.message).toBe('Cookie cart is required');
    expect(sampleRequest('https://api.example', o, request({ cookies: { cart: 'abc' } })).headers).toEqual([
      ['Cookie', 'cart=abc'],
    ]);
  });
});
