import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiReference } from '../../../src/apiref/load.ts';
import { configSchema } from '../../../src/config/schema.ts';
import { projectRoot, sharedDir } from '../../helpers/fixtures.ts';

const SPEC = path.join(sharedDir, 'spec/portal-spec.md');
const spec = await fs.readFile(SPEC, 'utf8').catch(() => undefined);

/** The page names of spec §2 "API reference pages under /docs/api/{page}". */
function specPageNames(text: string): string[] {
  const section = text.split('### API reference pages under /docs/api/{page}')[1]?.split('\n### ')[0] ?? '';
  return [...section.matchAll(/^- [^:]+: (.+)\.$/gm)].flatMap((m) => (m[1] as string).split(',').map((s) => s.trim()));
}

/** issue 5, item 7: every page the spec names is built from openapi/business-api.yaml, and nothing else. */
describe.skipIf(!spec)('the route list of spec §2 against the business API document', () => {
  it('has a page at /docs/api/{name} for every name, tag pages for groups, operation pages for the rest', async () => {
    const names = specPageNames(spec as string);
    expect(names.length).toBeGreaterThan(100);
    const config = configSchema.parse({
      title: 'T',
      url: 'https://x.example',
      openapi: { path: 'openapi/business-api.yaml', routeBasePath: '/docs/api', categoryLabel: 'Product API' },
    });
    const api = await loadApiReference({ root: projectRoot, config });
    expect(api.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const pages = new Map(
      api.routes.filter((r) => r.path.startsWith('/docs/api/')).map((r) => [r.path.slice('/docs/api/'.length), r.kind]),
    );
    expect(names.filter((n) => !pages.has(n))).toEqual([]);
    expect([...pages.keys()].filter((p) => !names.includes(p))).toEqual([]);
    // Spot checks: a group, the spelling the spec keeps, an operation.
    expect(pages.get('orders')).toBe('api-tag');
    expect(pages.get('accounting-accounts')).toBe('api-tag');
    expect(pages.get('update-project-category')).toBe('api-operation');
    expect(pages.get('create-transaction-copy')).toBe('api-operation');
    expect(api.routes.find((r) => r.path === '/docs/api')?.kind).toBe('api-intro');
    expect(api.routes.some((r) => r.path === '/docs/category/product-api' && r.kind === 'category')).toBe(true);
    expect(api.files.map((f) => f.path)).toEqual(['openapi/business-api.yaml', 'openapi/business-api.json']);
    expect(path.isAbsolute(api.routes[0]?.file ?? '')).toBe(true);
  }, 120_000);
});
