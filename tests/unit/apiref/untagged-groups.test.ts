import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../templates/shared/types.ts';
import { PATH_GROUPING_MIN_OPERATIONS, resourceSegment, type ApiModel } from '../../../src/apiref/model.ts';
import { buildApiRoutes } from '../../../src/apiref/routes.ts';
import { parseInline } from './helpers.ts';

const op = (summary: string, tags?: string[]) => ({
  summary,
  ...(tags ? { tags } : {}),
  responses: { '200': { description: 'OK' } },
});

/** A Stripe-like document: many operations, no tags, versioned paths with parameters. */
function untaggedDocument(resources: string[], perResource: number, tagged: string[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of resources)
    for (let i = 0; i < perResource; i++)
      paths[`/v1/${r}/{id}/action${i}`] = { post: op(`${r} action ${i}`, tagged.includes(r) ? [r] : undefined) };
  return { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths };
}

const model = async (doc: object): Promise<ApiModel> => {
  const result = await parseInline(doc);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.model as ApiModel;
};

const labels = (items: readonly SidebarItem[]): string[] => items.map((i) => i.label);

describe('a document that tags none of its many operations is grouped by resource', () => {
  it('takes the first path segment that is not a version, `api` or a parameter', () => {
    expect(resourceSegment('/v1/payment_intents/{intent}/confirm')).toBe('payment_intents');
    expect(resourceSegment('/api/v2.1/accounts')).toBe('accounts');
    expect(resourceSegment('/{tenant}/orders')).toBe('orders');
    expect(resourceSegment('/v1')).toBeUndefined();
  });

  it('lists each operation once, under its resource, in a collapsed category of its own', async () => {
    const resources = ['accounts', 'payment_intents', 'charges'];
    const m = await model(untaggedDocument(resources, 8));
    expect(m.operations.length).toBeGreaterThan(PATH_GROUPING_MIN_OPERATIONS);
    expect(m.tags.map((t) => [t.name, t.operations.length])).toEqual([
      ['Accounts', 8],
      ['Payment intents', 8],
      ['Charges', 8],
    ]);
    // The grouping is the reference's, not the document's: operation pages name no tag it did not declare.
    expect(m.operations.every((o) => o.tags.length === 0)).toBe(true);

    const { sidebarItems, routes } = buildApiRoutes(m, { basePath: '/api', file: 'f', downloads: [] });
    const categories = sidebarItems.filter((i) => i.type === 'category');
    expect(labels(categories)).toEqual(['Accounts', 'Payment intents', 'Charges']);
    expect(categories.every((c) => c.type === 'category' && c.collapsed && c.items.length === 8)).toBe(true);
    expect(routes.filter((r) => r.kind === 'api-tag').map((r) => r.path)).toEqual([
      '/api/accounts',
      '/api/payment-intents',
      '/api/charges',
    ]);
  });

  it('keeps one "Operations" list for a small document', async () => {
    const m = await model(untaggedDocument(['accounts', 'charges'], 3));
    expect(m.tags.map((t) => [t.name, t.operations.length])).toEqual([['Operations', 6]]);
  });

  it('keeps the tags of a document that tags some operations, the untagged rest under "Operations"', async () => {
    const m = await model(untaggedDocument(['accounts', 'charges', 'refunds'], 8, ['accounts']));
    expect(m.tags.map((t) => [t.name, t.operations.length])).toEqual([
      ['accounts', 8],
      ['Operations', 16],
    ]);
  });
});
