import { describe, expect, it } from 'vitest';
import { assignSlugs, kebab } from '../../../src/apiref/slugs.ts';
import { parseInline } from './helpers.ts';

const op = (summary: string, extra: Record<string, unknown> = {}) => ({
  summary,
  responses: { '200': { description: 'OK' } },
  ...extra,
});

describe('slugs', () => {
  it('kebab-cases summaries and operationIds', () => {
    expect(kebab('Create an account')).toBe('create-an-account');
    expect(kebab('getPetById')).toBe('get-pet-by-id');
    expect(kebab('  Crème brûlée / v2 ')).toBe('creme-brulee-v2');
    expect(kebab('GET /pets/{id}')).toBe('get-pets-id');
  });

  it('takes x-slug first, then the summary, then the operationId, then method and path', async () => {
    const result = await parseInline({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      tags: [{ name: 'Pet store', 'x-slug': 'pets' }, { name: 'Other things' }],
      paths: {
        '/a': {
          get: op('List all the things', { 'x-slug': 'update-project-category', tags: ['Pet store'] }),
          post: op('Make a thing', { tags: ['Other things'] }),
        },
        '/b': {
          get: { operationId: 'readB', responses: { '200': { description: 'OK' } } },
          delete: { responses: { '204': { description: 'Gone' } } },
        },
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.model?.operations.map((o) => o.slug)).toEqual([
      'update-project-category',
      'make-a-thing',
      'read-b',
      'delete-b',
    ]);
    expect(result.model?.tags.map((t) => t.slug)).toEqual(['pets', 'other-things', 'operations']);
  });

  it('fails on two x-slugs alike, naming both operations (method and path) and their lines', async () => {
    const source = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'paths:',
      '  /orders:',
      '    get:',
      '      x-slug: orders-list',
      '      responses: { "200": { description: OK } }',
      '  /orders/search:',
      '    post:',
      '      x-slug: orders-list',
      '      responses: { "200": { description: OK } }',
    ].join('\n');
    const result = await parseInline(source);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'openapi-slug-duplicate', line: 9 });
    expect(errors[0]?.message).toMatchInlineSnapshot(
      `"two pages of the API reference have the slug "orders-list": operation GET /orders and operation POST /orders/search"`,
    );
    expect(errors[0]?.related?.map((r) => r.line)).toEqual([5, 9]);
  });

  it('moves a generated slug that is taken to the next candidate, with a warning', async () => {
    const result = await parseInline({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/anything': { get: op('Returns anything'), put: op('Returns anything') },
        '/anything/{x}': {
          get: op('Returns anything', {
            parameters: [{ name: 'x', in: 'path', required: true, schema: { type: 'string' } }],
          }),
        },
      },
    });
    expect(result.model?.operations.map((o) => o.slug)).toEqual(['returns-anything', 'put-anything', 'get-anything-x']);
    expect(result.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'openapi-slug-taken'],
      ['warning', 'openapi-slug-taken'],
    ]);
  });

  it('numbers a slug when every candidate is taken', () => {
    const { slugs } = assignSlugs(
      [
        { label: 'a', explicit: 'x', candidates: [], pointer: '#/a' },
        { label: 'b', candidates: ['x'], pointer: '#/b' },
        { label: 'c', candidates: ['x'], pointer: '#/c' },
      ],
      { locate: () => undefined, file: 'f' },
    );
    expect(slugs).toEqual(['x', 'x-2', 'x-3']);
  });

  it('caps kilobyte-long names and keeps messages about them short (issue 14)', async () => {
    const summary = `Do ${'a very long thing '.repeat(300)}`;
    const tag = `Tag ${'with a long name '.repeat(300)}`;
    const result = await parseInline({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { [`/a/${'x'.repeat(3000)}`]: { get: op(summary, { tags: [tag] }), post: op(summary, { tags: [tag] }) } },
    });
    const slugs = [
      ...(result.model?.operations.map((o) => o.slug) ?? []),
      ...(result.model?.tags.map((t) => t.slug) ?? []),
    ];
    expect(slugs).toHaveLength(3);
    for (const slug of slugs) expect(slug.length).toBeLessThanOrEqual(80);
    expect(new Set(slugs).size).toBe(3);
    const [taken] = result.diagnostics;
    expect(taken?.code).toBe('openapi-slug-taken');
    expect(taken?.message.length).toBeLessThan(600);
  });
});
