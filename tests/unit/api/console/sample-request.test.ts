import { describe, expect, it } from 'vitest';
import { sampleRequest } from '../../../../templates/api/console/console-panel.ts';
import type { ApiOperation } from '../../../../templates/shared/api-model.ts';
import { toCurl } from '../../../../templates/shared/code-sample-writers.ts';
import { bearer } from './credential-fixtures.ts';

const op = {
  method: 'POST',
  path: '/orders/{orderId}/lines',
  security: [[{ scheme: 'bearerAuth', scopes: [] }]],
  parameters: [],
  requestBody: { required: true, content: [{ mediaType: 'application/json', examples: [] }] },
} as unknown as ApiOperation;

// issue 19: the console's code samples are the build's writers fed with what the reader filled in.
describe('sampleRequest', () => {
  it('writes the reader’s server, values, token and body', () => {
    const r = sampleRequest('https://sandbox.example/v1/', op, {
      path: { orderId: 'ord 1' },
      query: { expand: 'order', empty: '' },
      headers: { 'Idempotency-Key': 'k1' },
      body: '{"quantity": 2}',
      credentials: bearer('tsk_test'),
    });
    expect(toCurl(r)).toBe(
      [
        'curl --request POST',
        "  --url 'https://sandbox.example/v1/orders/ord%201/lines?expand=order'",
        "  --header 'Idempotency-Key: k1'",
        "  --header 'Content-Type: application/json'",
        "  --header 'Authorization: Bearer tsk_test'",
        `  --data '{\n  "quantity": 2\n}'`,
      ].join(' \\\n'),
    );
  });

  it('shows a placeholder for a missing token, and a body that is not JSON yet as typed', () => {
    const r = sampleRequest('https://sandbox.example', op, { path: {}, query: {}, headers: {}, body: '{"quantity": ' });
    expect(r.url).toBe('https://sandbox.example/orders/{orderId}/lines');
    expect(r.headers).toContainEqual(['Authorization', 'Bearer <token>']);
    expect(r.body).toEqual({ mediaType: 'application/json', value: '{"quantity": ' });
  });
});
