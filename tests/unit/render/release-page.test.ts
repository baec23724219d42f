import { describe, expect, it } from 'vitest';
import { releaseWrittenPage } from '../../../src/render/release-page.ts';
import type { Route } from '../../../src/routes/route.ts';
import { collectSearchUnits } from '../../../src/search/units.ts';
import type { PageData, PageOf } from '../../../templates/shared/types.ts';

const schema = { type: 'object', properties: [{ name: 'id', required: true, schema: { type: 'string' } }] };
const operationPage = (): PageOf<'api-operation'> =>
  ({
    path: '/docs/api/get-order',
    kind: 'api-operation',
    title: 'Retrieve an order',
    description: 'Returns one order.',
    toc: [],
    data: {
      operation: {
        slug: 'get-order',
        method: 'GET',
        path: '/orders/{orderId}',
        operationId: 'getOrder',
        title: 'Retrieve an order',
        description: { __html: '<p>Returns <em>one</em> order.</p>' },
        deprecated: false,
        webhook: false,
        tags: ['Orders'],
        security: [],
        servers: [],
        parameters: [
          { name: 'orderId', in: 'path', required: true, deprecated: false, schema, anchor: 'path-order-id' },
        ],
        requestBody: { required: true, content: [{ mediaType: 'application/json', schema }] },
        responses: [{ status: '200', content: [{ mediaType: 'application/json', schema }] }],
        callbacks: [],
        codeSamples: [],
      },
      securitySchemes: [],
      codeSamples: [{ lang: 'curl', label: 'cURL', html: { __html: '<pre>curl …</pre>' } }],
      tags: [{ name: 'Orders', href: '/docs/api/orders' }],
    },
  }) as unknown as PageOf<'api-operation'>;

const route = (page: PageData): Route =>
  ({
    path: page.path,
    kind: page.kind,
    template: 'ApiOperationPage',
    body: { type: 'none' },
    links: [],
    unlisted: false,
    page,
  }) as Route;

// issue 20: a page written is a page whose schema trees and samples nothing reads again.
describe('releasing a written API page', () => {
  it('drops its samples and schema trees, for every holder of the data, and leaves its search entry as it was', () => {
    const page = operationPage();
    const heldElsewhere = { ...page }; // the bundle's copy with the sidebar: the same data object
    const before = collectSearchUnits([route(page)], () => undefined);
    releaseWrittenPage(page);
    expect(heldElsewhere.data.codeSamples).toEqual([]);
    expect(heldElsewhere.data.operation.responses).toEqual([]);
    expect(heldElsewhere.data.operation.requestBody).toBeUndefined();
    expect(collectSearchUnits([route(page)], () => undefined)).toEqual(before);
    expect(before[0]?.text).toBe('Returns one order. Parameters: orderId. Tags: Orders.');
  });

  it('leaves every other kind of page alone', () => {
    const doc = { path: '/docs/a', kind: 'doc', title: 'A', toc: [] } as unknown as PageData;
    const copy = structuredClone(doc);
    releaseWrittenPage(doc);
    expect(doc).toEqual(copy);
  });
});
