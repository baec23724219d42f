import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSampleRequest } from '../../src/apiref/code-samples.ts';
import { parseApiDocument } from '../../src/apiref/parse.ts';
import { buildApiRoutes } from '../../src/apiref/routes.ts';
import type { ApiModel } from '../../src/apiref/model.ts';
import type { ApiTagData } from '../../templates/shared/api-model.ts';
import { projectRoot } from '../helpers/fixtures.ts';
import { resolveRef } from '../helpers/openapi-ref.ts';

/**
 * issue 18, items 4, 6, 7 and 9: the business API's error codes, the catalogue in /docs/intro and the
 * per-operation examples agree; description links name and reach real operations; samples are sandbox-first.
 */
const DOC = path.join(projectRoot, 'openapi/business-api.yaml');
const INTRO = path.join(projectRoot, 'site/docs/intro.mdx');
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const TYPE_OF_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'authentication_failed',
  403: 'permission_denied',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_failed',
  429: 'rate_limited',
  500: 'server_error',
};

type Raw = Record<string, any>;
interface Op {
  path: string;
  method: string;
  op: Raw;
}
interface CatalogueRow {
  code: string;
  status: number;
  /** Operation slugs the "Returned by" cell links to. */
  linked: string[];
}

let doc: Raw;
let ops: Op[];
let catalogue: CatalogueRow[];
let model: ApiModel;

const resolve = (value: Raw): Raw => resolveRef(doc, value);
const descriptions = (): Array<{ at: string; text: string }> => {
  const out: Array<{ at: string; text: string }> = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') out.push({ at: `${at}/${k}`, text: v });
      else if (k !== 'example' && k !== 'examples') walk(v, `${at}/${k}`);
    }
  };
  walk(doc, '#');
  return out;
};
/** Every error example of an operation's responses, with its status. */
const errorExamples = (o: Op): Array<{ status: number; value: Raw }> =>
  Object.entries(o.op.responses ?? {}).flatMap(([status, raw]) => {
    const media = resolve(raw as Raw).content?.['application/json'];
    if (!media) return [];
    const values = [media.example, ...Object.values(media.examples ?? {}).map((e) => resolve(e as Raw).value)].filter(
      (v) => v?.error,
    );
    return values.map((value) => ({ status: Number(status), value }));
  });

beforeAll(async () => {
  const source = await fs.readFile(DOC, 'utf8');
  doc = parse(source);
  ops = Object.entries(doc.paths as Raw).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m] as Raw })),
  );
  const intro = await fs.readFile(INTRO, 'utf8');
  const section = intro.split('\n## Error codes\n')[1]?.split('\n## ')[0] ?? '';
  // One `### <status> <reason>` heading per status, then a table: code | meaning and what to do | returned by.
  catalogue = section
    .split(/^### /m)
    .slice(1)
    .flatMap((group) => {
      const status = Number(group.slice(0, 3));
      return [...group.matchAll(/^\| `([a-z_]+)` \| [^|]+ \| ([^|]+) \|$/gm)].map((m) => ({
        code: m[1] as string,
        status,
        linked: [...(m[2] as string).matchAll(/\]\(\/docs\/api\/([a-z0-9-]+)\)/g)].map((l) => l[1] as string),
      }));
    });
  const parsed = await parseApiDocument({ file: DOC, source, allowedDir: path.dirname(DOC) });
  if (!parsed.model) throw new Error(parsed.diagnostics.map((d) => d.message).join('\n'));
  model = parsed.model;
});

describe('error codes: the Error.code enum, the /docs/intro catalogue and the examples (issue 18, item 4)', () => {
  it('lists in the catalogue exactly the codes of the enum, each once', () => {
    const enumCodes = doc.components.schemas.Error.properties.error.properties.code.enum as string[];
    expect(catalogue.length).toBeGreaterThan(40);
    expect(new Set(catalogue.map((r) => r.code)).size).toBe(catalogue.length);
    expect(catalogue.map((r) => r.code).sort()).toEqual([...enumCodes].sort());
  });

  it('knows every code a description names next to a status', () => {
    const known = new Set(catalogue.map((r) => r.code));
    // Values of other enums (states, reasons) are not error codes even when a sentence names a status.
    const otherEnums = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(collect);
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node))
        if (k === 'enum' && Array.isArray(v) && !v.includes('resource_missing'))
          v.forEach((x) => otherEnums.add(String(x)));
        else collect(v);
    };
    collect(doc);
    const named = descriptions().flatMap(({ at, text }) =>
      text
        .replace(/\s+/g, ' ')
        .split(/(?<=\.) /)
        .filter((sentence) => /`[45]\d\d`/.test(sentence))
        .flatMap((sentence) =>
          [...sentence.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => ({ at, code: m[1] as string })),
        ),
    );
    expect(named.length).toBeGreaterThan(45);
    expect(named.filter((n) => !known.has(n.code) && !otherEnums.has(n.code))).toEqual([]);
  });

  it('gives every error example a catalogued code, its status and its type, in the Error shape', () => {
    const byCode = new Map(catalogue.map((r) => [r.code, r]));
    const wrong: string[] = [];
    for (const o of ops) {
      for (const { status, value } of errorExamples(o)) {
        const e = value.error as Raw;
        const row = byCode.get(e.code);
        const keys = Object.keys(e).sort().join(',');
        if (
          !row ||
          row.status !== status ||
          e.type !== TYPE_OF_STATUS[status] ||
          keys !== 'code,message,param,requestId,type' ||
          !/^req_\w+$/.test(e.requestId)
        )
          wrong.push(`${o.op['x-slug']} ${status} ${e.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names the operation's own scope in its 403 and its own path parameter in its 404", () => {
    const wrong: string[] = [];
    for (const o of ops) {
      const scope = /Scope: `([a-z]+:[a-z]+)`/.exec(o.op.description ?? '')?.[1];
      const pathParams = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const { status, value } of errorExamples(o)) {
        if (
          status === 403 &&
          value.error.code === 'scope_missing' &&
          value.error.message.includes(':') &&
          (!scope || !value.error.message.includes(scope))
        )
          wrong.push(`${o.op['x-slug']} 403 ${value.error.message}`);
        if (status === 404 && value.error.param !== null && !pathParams.includes(value.error.param))
          wrong.push(`${o.op['x-slug']} 404 ${value.error.param}`);
      }
    }
    expect(wrong).toEqual([]);
    const checkout = ops.find((o) => o.op['x-slug'] === 'checkout-order') as Op;
    expect(errorExamples(checkout).map((e) => `${e.status} ${e.value.error.code}`)).toEqual(
      expect.arrayContaining([
        '403 scope_missing',
        '404 resource_missing',
        '409 insufficient_stock',
        '409 invalid_state_transition',
        '422 card_declined',
      ]),
    );
    expect(JSON.stringify(errorExamples(checkout))).toContain('orders:write');
  });

  it('links, for each code specific to some operations, exactly the operations whose examples return it', () => {
    const returnedBy = new Map<string, Set<string>>();
    for (const o of ops)
      for (const { value } of errorExamples(o))
        returnedBy.set(value.error.code, (returnedBy.get(value.error.code) ?? new Set()).add(o.op['x-slug']));
    const mismatched = catalogue
      .filter((r) => r.linked.length > 0)
      .filter((r) => [...new Set(r.linked)].sort().join(' ') !== [...(returnedBy.get(r.code) ?? [])].sort().join(' '));
    expect(mismatched.map((r) => r.code)).toEqual([]);
    // A specific code with no row linking operations would leave the reader guessing.
    expect(catalogue.filter((r) => r.linked.length > 0).length).toBeGreaterThan(40);
  });
});

describe('operation links in descriptions (issue 18, items 7 and 9)', () => {
  it('links every mentioned operation by its title and method, never by a bare slug, and each link resolves', () => {
    const slugs = new Map(ops.map((o) => [o.op['x-slug'] as string, `${o.op.summary} (${o.method.toUpperCase()})`]));
    const routes = buildApiRoutes(model, {
      basePath: '/docs/api/',
      file: DOC,
      downloads: [],
      category: { path: '/docs/category/product-api', label: 'Product API' },
    }).routes;
    const paths = new Set(routes.map((r) => r.path));
    const bare: string[] = [];
    const wrong: string[] = [];
    let links = 0;
    for (const { at, text } of descriptions()) {
      // Any backticked word that is an operation's slug, one-word slugs such as `cancel` included.
      for (const m of text.matchAll(/`([a-z][a-z0-9]*(?:-[a-z0-9]+)*)`/g))
        if (slugs.has(m[1] as string)) bare.push(`${at}: ${m[1]}`);
      for (const m of text.matchAll(/\[([^\]]+)\]\(\/docs\/api\/([a-z0-9-]+)\)/g)) {
        links++;
        const [, label, slug] = m as unknown as [string, string, string];
        if (!paths.has(`/docs/api/${slug}`)) wrong.push(`${at}: ${slug} has no page`);
        else if (slugs.has(slug) && slugs.get(slug) !== label)
          wrong.push(`${at}: "${label}" should read "${slugs.get(slug)}"`);
      }
    }
    expect(bare).toEqual([]);
    expect(wrong).toEqual([]);
    expect(links).toBeGreaterThan(60);
  });

  it('shows "The <Name> object" with its fields and an example on the pages of tags that name one', () => {
    const routes = buildApiRoutes(model, {
      basePath: '/docs/api/',
      file: DOC,
      downloads: [],
      category: { path: '/docs/category/product-api', label: 'Product API' },
    }).routes;
    const orders = routes.find((r) => r.path === '/docs/api/orders');
    const data = orders?.page.data as ApiTagData;
    expect(data.object?.name).toBe('Order');
    expect(data.object?.schema.properties?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['id', 'state', 'items', 'total']),
    );
    expect((data.object?.example?.value as Raw).state).toBe('paid');
    expect(orders?.page.toc.map((t) => t.id)).toEqual(['take-an-order', 'object', 'operations']);
    const withObject = routes
      .filter((r) => r.kind === 'api-tag' && (r.page.data as ApiTagData).object)
      .map((r) => r.path);
    expect(withObject).toEqual(
      expect.arrayContaining([
        '/docs/api/reservations',
        '/docs/api/invoices',
        '/docs/api/bills',
        '/docs/api/inventory',
        '/docs/api/contact-customer',
      ]),
    );
  });
});

describe('sandbox first (issue 18, item 6)', () => {
  it('samples call the sandbox with a tsk_test_ token, and every POST sample carries an Idempotency-Key', () => {
    const wrong: string[] = [];
    for (const op of model.operations) {
      const request = buildSampleRequest(op, model.securitySchemes);
      const headers = new Map(request.headers);
      if (!request.url.startsWith('https://sandbox.api.tessera.example/v1/')) wrong.push(`${op.slug}: ${request.url}`);
      if (!/^Bearer tsk_test_\w+$/.test(headers.get('Authorization') ?? ''))
        wrong.push(`${op.slug}: ${headers.get('Authorization')}`);
      if (op.method === 'POST' && !headers.get('Idempotency-Key')) wrong.push(`${op.slug}: no Idempotency-Key`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares Request-Id and the RateLimit headers on every success response', () => {
    const missing = ops.flatMap((o) =>
      Object.entries(o.op.responses as Raw)
        .filter(([status]) => status.startsWith('2'))
        .filter(([, r]) =>
          ['Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].some(
            (h) => !resolve(r as Raw).headers?.[h],
          ),
        )
        .map(([status]) => `${o.op['x-slug']} ${status}`),
    );
    expect(missing).toEqual([]);
  });
});
