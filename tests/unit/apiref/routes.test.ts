import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/apiref/model.ts';
import { buildApiRoutes } from '../../../src/apiref/routes.ts';
import type { ApiOperationData, SchemaNode } from '../../../templates/shared/api-model.ts';
import { parseInline, VIRTUAL } from './helpers.ts';

const ok = {
  '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
};

describe('API routes, sidebar and anchors', () => {
  let model: ApiModel;
  beforeAll(async () => {
    const result = await parseInline({
      openapi: '3.1.0',
      info: { title: 'Shop', version: '1', description: '## Authentication\n\nUse a token.' },
      servers: [{ url: 'https://api.example.com' }],
      tags: [
        { name: 'Orders', description: 'All about orders.' },
        { name: 'Customers' },
        { name: 'Ledger', 'x-slug': 'accounting' },
      ],
      'x-tagGroups': [
        { name: 'Sales', tags: ['Orders', 'Customers'] },
        { name: 'Books', tags: ['Ledger'] },
      ],
      paths: {
        '/orders': {
          get: {
            summary: 'List orders',
            tags: ['Orders'],
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
            responses: ok,
          },
          post: {
            summary: 'Create an order',
            tags: ['Orders', 'Customers'],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
            responses: ok,
          },
        },
        '/customers/{id}': {
          delete: {
            summary: 'Delete a customer',
            tags: ['Customers'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '204': { description: 'Gone' } },
          },
        },
      },
      components: {
        schemas: {
          Order: {
            type: 'object',
            properties: {
              customer: { type: 'object', properties: { email: { type: 'string' }, 'e-mail': { type: 'string' } } },
              items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
            },
          },
        },
      },
    });
    if (!result.model) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
    model = result.model;
  });

  const build = () =>
    buildApiRoutes(model, {
      basePath: '/docs/api/',
      file: `${VIRTUAL}/api.yaml`,
      downloads: [{ label: 'api.yaml', href: '/openapi/api.yaml' }],
      category: { path: '/docs/category/shop-api', label: 'Shop API' },
    });

  it('makes an introduction, a page per tag and per operation, and the category page', () => {
    const { routes } = build();
    expect(routes.map((r) => [r.path, r.kind, r.template])).toEqual([
      ['/docs/api', 'api-intro', 'ApiIntroPage'],
      ['/docs/api/orders', 'api-tag', 'ApiTagPage'],
      ['/docs/api/customers', 'api-tag', 'ApiTagPage'],
      ['/docs/api/accounting', 'api-tag', 'ApiTagPage'],
      ['/docs/api/list-orders', 'api-operation', 'ApiOperationPage'],
      ['/docs/api/create-an-order', 'api-operation', 'ApiOperationPage'],
      ['/docs/api/delete-a-customer', 'api-operation', 'ApiOperationPage'],
      ['/docs/category/shop-api', 'category', 'CategoryPage'],
    ]);
    for (const r of routes) {
      expect(r).toMatchObject({ file: `${VIRTUAL}/api.yaml`, body: { type: 'none' }, links: [], unlisted: false });
      expect(r.page.sidebarId).toBe('api');
    }
  });

  it('opens the sidebar with the API category, then groups by x-tagGroups, an operation once under its first tag, with method badges, tags collapsed', () => {
    // spec §1/§2: the navigation has an API reference category, linking its page; the document's intro is "Overview".
    const [category, ...rest] = build().sidebarItems;
    expect(rest).toEqual([]);
    expect(category).toMatchObject({
      type: 'category',
      label: 'Shop API',
      href: '/docs/category/shop-api',
      collapsed: false,
    });
    expect(category?.type === 'category' && category.items).toEqual([
      { type: 'link', label: 'Overview', href: '/docs/api' },
      {
        type: 'category',
        label: 'Sales',
        collapsed: false,
        items: [
          {
            type: 'category',
            label: 'Orders',
            href: '/docs/api/orders',
            collapsed: true,
            items: [
              { type: 'link', label: 'List orders', href: '/docs/api/list-orders', badge: 'GET' },
              { type: 'link', label: 'Create an order', href: '/docs/api/create-an-order', badge: 'POST' },
            ],
          },
          {
            type: 'category',
            label: 'Customers',
            href: '/docs/api/customers',
            collapsed: true,
            items: [{ type: 'link', label: 'Delete a customer', href: '/docs/api/delete-a-customer', badge: 'DELETE' }],
          },
        ],
      },
      { type: 'link', label: 'Books', href: '/docs/api/accounting' },
    ]);
  });

  it('lists sections in the TOC; the intro keeps its own headings clear of the section ids', () => {
    const { routes } = build();
    expect(routes.find((r) => r.path === '/docs/api/create-an-order')?.page.toc.map((t) => t.id)).toEqual([
      'request-body',
      'responses',
      'code-samples',
    ]);
    expect(routes.find((r) => r.path === '/docs/api/list-orders')?.page.toc.map((t) => t.text)).toEqual([
      'Parameters',
      'Responses',
      'Code samples',
    ]);
    expect(routes[0]?.page.toc.map((t) => t.id)).toEqual(['authentication-1', 'servers', 'download', 'reference']);
    // A tag page lists every operation of the tag, the second tag's included.
    expect(
      (
        routes.find((r) => r.path === '/docs/api/customers')?.page.data as { operations: Array<{ slug: string }> }
      ).operations.map((o) => o.slug),
    ).toEqual(['create-an-order', 'delete-a-customer']);
  });

  it('gives every parameter, header and property a unique anchor', () => {
    const route = build().routes.find((r) => r.path === '/docs/api/create-an-order');
    const data = route?.page.data as ApiOperationData;
    const anchors: string[] = [];
    const walk = (node: SchemaNode | undefined): void => {
      if (!node) return;
      for (const p of node?.properties ?? []) {
        anchors.push(p.anchor ?? '(none)');
        walk(p.schema);
      }
      walk(node?.items);
      for (const o of node?.variants?.options ?? []) walk(o.schema);
    };
    walk(data.operation.requestBody?.content[0]?.schema);
    for (const r of data.operation.responses) walk(r.content[0]?.schema);
    expect(anchors).toEqual([
      'request-body-customer',
      'request-body-customer-email',
      'request-body-customer-e-mail',
      'request-body-items',
      'request-body-items-sku',
      'response-200-customer',
      'response-200-customer-email',
      'response-200-customer-e-mail',
      'response-200-items',
      'response-200-items-sku',
    ]);
    expect(data.operation.responses[0]?.anchor).toBe('response-200');
    expect(data.codeSamples.map((s) => s.lang)).toEqual(['curl', 'javascript', 'python', 'php']);
    expect(data.tags).toEqual([
      { name: 'Orders', href: '/docs/api/orders' },
      { name: 'Customers', href: '/docs/api/customers' },
    ]);
  });

  it('keeps property anchors clear of each other when names collide after kebab-casing', async () => {
    const result = await parseInline({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          post: {
            summary: 'A',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      fooBar: { type: 'string' },
                      'foo-bar': { type: 'string' },
                      foo_bar: { type: 'string' },
                    },
                  },
                },
              },
            },
            responses: { '204': { description: 'x' } },
          },
        },
      },
    });
    const { routes } = buildApiRoutes(result.model as ApiModel, { basePath: '/api', file: 'f', downloads: [] });
    const data = routes.find((r) => r.kind === 'api-operation')?.page.data as ApiOperationData;
    expect(data.operation.requestBody?.content[0]?.schema?.properties?.map((p) => p.anchor)).toEqual([
      'request-body-foo-bar',
      'request-body-foo-bar-2',
      'request-body-foo-bar-3',
    ]);
  });

  it('shows a schema shared by several responses once, and points the others to it', async () => {
    const error = {
      description: 'Failed',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { code: 'x' } } },
    };
    const result = await parseInline({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: { summary: 'A', responses: { '200': { description: 'OK' }, '400': error, '404': error } } },
      },
      components: { schemas: { Error: { type: 'object', properties: { code: { type: 'string' } } } } },
    });
    const { routes } = buildApiRoutes(result.model as ApiModel, { basePath: '/api', file: 'f', downloads: [] });
    const [, bad, missing] = (routes.find((r) => r.kind === 'api-operation')?.page.data as ApiOperationData).operation
      .responses;
    expect(bad?.content[0]?.schema?.properties?.[0]?.anchor).toBe('response-400-code');
    expect(missing?.content[0]).toEqual({
      mediaType: 'application/json',
      examples: [{ name: 'example', value: { code: 'x' } }],
      schemaShownAt: { anchor: 'response-400', label: 'the 400 response', name: 'Error' },
    });
  });
});
