/**
 * issue 18, items 4 and 6: each operation's error examples fit that operation, and the document's own
 * request examples are sandbox-first.
 *
 * - 403, 404, 409 and 422 are answered per operation (no shared response whose text is wrong for most
 *   operations), and only operations with an id in their path answer 404.
 * - The `param` of an error example names something the reader can find on the page: a parameter of the
 *   operation or a field of its request body (`items[0].quantity`, `emailConsent.state`).
 * - A state conflict (`invalid_state_transition`, `order_not_editable`, …) says which state the record is
 *   in, as a value of that resource's `state`/`status` enum.
 * - A `curl` in a description calls the sandbox, and one that sends a body with POST carries an
 *   `Idempotency-Key`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../helpers/fixtures.ts';
import { resolveRef } from '../helpers/openapi-ref.ts';

type Raw = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const STATE_CONFLICTS = new Set([
  'invalid_state_transition',
  'order_not_editable',
  'order_not_draft',
  'reservation_not_draft',
  'reservation_needs_item',
  'invoice_not_editable',
  'bill_not_editable',
  'nothing_due',
]);

const doc = parse(readFileSync(path.join(projectRoot, 'openapi/business-api.yaml'), 'utf8')) as Raw;
const resolve = (node: Raw): Raw => resolveRef(doc, node);

interface Op {
  slug: string;
  path: string;
  method: string;
  op: Raw;
  params: Raw[];
}
const ops: Op[] = Object.entries(doc.paths as Raw).flatMap(([p, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    slug: item[m]['x-slug'] as string,
    path: p,
    method: m,
    op: item[m] as Raw,
    params: [...(item.parameters ?? []), ...(item[m].parameters ?? [])].map(resolve),
  })),
);

const errorExamples = (o: Op): Array<{ status: string; key: string; error: Raw }> =>
  Object.entries(o.op.responses ?? {}).flatMap(([status, raw]) => {
    const media = resolve(raw as Raw).content?.['application/json'];
    return Object.entries(media?.examples ?? {})
      .map(([key, e]) => ({ status, key, error: resolve(e as Raw).value?.error as Raw }))
      .filter((e) => e.error);
  });

/** The schemas a value may match: the schema itself and every branch of allOf, oneOf and anyOf. */
const branches = (schema: Raw | undefined): Raw[] => {
  if (!schema) return [];
  const s = resolve(schema);
  return [s, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => (s[k] ?? []).flatMap((b: Raw) => branches(b)))];
};
/** Whether `items[0].quantity` (a dotted path with array indexes) names a field of the schema. */
const hasField = (schema: Raw, fieldPath: string): boolean => {
  let current: Raw[] = [schema];
  for (const segment of fieldPath.split('.')) {
    const m = /^(\w+)((?:\[\d+\])*)$/.exec(segment);
    if (!m) return false;
    current = current
      .flatMap((s) => branches(s))
      .flatMap((s) => (s.properties?.[m[1] as string] ? [s.properties[m[1] as string]] : []));
    for (let i = 0; i < (m[2] as string).split('[').length - 1; i++)
      current = current.flatMap((s) => branches(s)).flatMap((s) => (s.items ? [s.items] : []));
    if (current.length === 0) return false;
  }
  return true;
};
const bodySchema = (o: Op): Raw | undefined => {
  const content = resolve(o.op.requestBody ?? {}).content as Raw | undefined;
  return content ? (Object.values(content)[0] as Raw).schema : undefined;
};
/** Values of the state or status enum of the resource an operation acts on: its success response, else its tag's object. */
const statesOf = (o: Op): string[] => {
  const success = Object.entries(o.op.responses ?? {}).find(([s]) => s.startsWith('2'))?.[1] as Raw | undefined;
  const tag = (doc.tags as Raw[]).find((t) => t.name === o.op.tags?.[0]);
  const candidates = [
    resolve(success ?? {}).content?.['application/json']?.schema,
    tag?.['x-object'] ? doc.components.schemas[tag['x-object']] : undefined,
  ];
  for (const c of candidates) {
    for (const b of branches(c)) {
      const field = b.properties?.state ?? b.properties?.status;
      if (field && resolve(field).enum) return resolve(field).enum as string[];
    }
  }
  return [];
};

describe('error examples fit their operation (issue 18, item 4)', () => {
  it('answers 403, 404, 409 and 422 with examples of its own, and 404 only with an id in the path', () => {
    const wrong: string[] = [];
    for (const o of ops) {
      for (const status of ['403', '404', '409', '422']) {
        const response = o.op.responses?.[status] as Raw | undefined;
        if (!response) continue;
        if (response.$ref) wrong.push(`${o.slug} ${status}: shared ${response.$ref}`);
        else if (errorExamples(o).filter((e) => e.status === status).length === 0)
          wrong.push(`${o.slug} ${status}: no example`);
      }
      if (o.op.responses?.['404'] && !o.path.includes('{')) wrong.push(`${o.slug} 404 without an id in its path`);
    }
    expect(wrong).toEqual([]);
  });

  it('names in `param` a parameter of the operation or a field of its request body', () => {
    const wrong: string[] = [];
    let named = 0;
    for (const o of ops) {
      const body = bodySchema(o);
      for (const { status, key, error } of errorExamples(o)) {
        if (error.param === null) continue;
        named++;
        const isParameter = o.params.some((p) => p.name === error.param);
        if (!isParameter && !(body && hasField(body, error.param)))
          wrong.push(`${o.slug} ${status} ${key}: ${error.param}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(named).toBeGreaterThan(120);
  });

  it('says, in every state conflict, which state the record is in', () => {
    const wrong: string[] = [];
    let conflicts = 0;
    for (const o of ops) {
      const states = statesOf(o);
      for (const { key, error } of errorExamples(o)) {
        if (!STATE_CONFLICTS.has(error.code)) continue;
        conflicts++;
        if (!states.some((s) => new RegExp(`\\b${s}\\b`).test(error.message)))
          wrong.push(`${o.slug} ${key}: "${error.message}" names none of ${states.join(', ') || '(no states)'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(conflicts).toBeGreaterThan(12);
  });

  it('gives each operation its own wording for a code it shares with others, where the operations differ', () => {
    // The same state conflict on checkout and on change-state reads differently: the reader sees which move failed.
    const byCode = new Map<string, Map<string, string[]>>();
    for (const o of ops) {
      for (const { error } of errorExamples(o)) {
        if (!STATE_CONFLICTS.has(error.code)) continue;
        const messages = byCode.get(error.code) ?? new Map<string, string[]>();
        messages.set(error.message, [...(messages.get(error.message) ?? []), o.slug]);
        byCode.set(error.code, messages);
      }
    }
    const repeated = [...byCode.entries()].flatMap(([code, messages]) =>
      [...messages.entries()]
        .filter(([, slugs]) => slugs.length > 1)
        .map(([message, slugs]) => `${code}: "${message}" on ${slugs.join(', ')}`),
    );
    expect(repeated).toEqual([]);
  });
});

describe("the document's own requests are sandbox-first (issue 18, item 6)", () => {
  it('calls the sandbox in every curl of a description, and sends an Idempotency-Key with a POST body', () => {
    const wrong: string[] = [];
    let curls = 0;
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${at}/${i}`);
        });
        return;
      }
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'description' && typeof v === 'string') {
          for (const command of v.replace(/\\\n\s*/g, ' ').match(/^\s*curl .*$/gm) ?? []) {
            curls++;
            const url = /curl (?:-\w+ )*(?:-X \w+ )?(\S+)/.exec(command.trim())?.[1] ?? '';
            if (!url.startsWith('https://sandbox.api.tessera.example/v1/')) wrong.push(`${at}: ${url}`);
            const method = /-X (\w+)/.exec(command)?.[1] ?? (/ -(?:d|F|-data\S*) /.test(command) ? 'POST' : 'GET');
            if (method === 'POST' && !/Idempotency-Key:/.test(command))
              wrong.push(`${at}: POST without Idempotency-Key`);
          }
        } else walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '#');
    expect(curls).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
