/**
 * issue 18, item 9: the API examples in the guides (/docs/intro, the contact guides, the theme guides)
 * agree with the OpenAPI document.
 *
 * - Every `curl` (and `http` request line) calls the sandbox, names a real operation, and only
 *   parameters that operation declares; path values match their parameter's schema; a JSON body
 *   validates against the request schema; a `POST` to an operation that takes an `Idempotency-Key`
 *   sends one.
 * - Every JSON fence right after a `curl` is a response of that operation: the status in its title
 *   (`title="422 Unprocessable Entity"`), else the operation's success status, and it validates
 *   against that response's schema.
 * - Any other JSON fence is either a theme or tool file (`data`, `file`, or a title naming a file),
 *   an error (a status title, checked against `Error`), or names its schema with `schema="Name"`
 *   (`excerpt` skips the top-level required fields). A JSON fence that is none of these fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/fixtures.ts';
import { createSchemaValidator, validationErrors } from '../helpers/openapi-validator.ts';
import { resolveRef } from '../helpers/openapi-ref.ts';

type Raw = Record<string, any>;
const SANDBOX = 'https://sandbox.api.tessera.example/v1';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
/** Headers every request may carry; any other `-H` must be a header parameter of the operation. */
const GENERAL_HEADERS = new Set(['authorization', 'content-type', 'accept']);

const doc = parse(readFileSync(path.join(projectRoot, 'openapi/business-api.yaml'), 'utf8')) as Raw;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  op: Raw;
  params: Raw[];
}
const resolve = (node: Raw): Raw => resolveRef(doc, node);
const operations: Operation[] = Object.entries(doc.paths as Raw).flatMap(([template, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({
    method: method.toUpperCase(),
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}$`),
    op: item[method] as Raw,
    params: [...((item.parameters as Raw[]) ?? []), ...((item[method].parameters as Raw[]) ?? [])].map(resolve),
  })),
);

const requestValidator = createSchemaValidator(doc, 'request');
const responseValidator = createSchemaValidator(doc, 'response');
const errorsOf = validationErrors;

interface Fence {
  where: string;
  lang: string;
  info: string;
  body: string;
  /** Whether a heading stands between this fence and the one before it. */
  newSection?: boolean;
}
function fencesOf(page: string): Fence[] {
  const lines = readFileSync(path.join(projectRoot, page), 'utf8').split('\n');
  const out: Fence[] = [];
  let newSection = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^#{1,6} /.test(lines[i] ?? '')) newSection = true;
    const open = /^(`{3,})(\S*)(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^${open[1]}\`*\\s*$`).test(lines[j] ?? '')) j++;
    out.push({
      where: `${page}:${i + 1}`,
      lang: open[2] ?? '',
      info: (open[3] ?? '').trim(),
      body: lines.slice(i + 1, j).join('\n'),
      newSection,
    });
    newSection = false;
    i = j;
  }
  return out;
}

interface Request {
  method: string;
  url: string;
  query: string[];
  headers: string[];
  body?: string;
}
/** Shell words up to the end of the command: a newline outside quotes (continuations joined). */
function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"((?:\\.|[^"\\])*)"|(\n)|([^\s'"]+)/g)) {
    if (m[3] !== undefined) break;
    words.push(m[1] ?? m[2] ?? m[4] ?? '');
  }
  return words;
}

/** The requests of a shell fence: each `curl` with its flags. */
function parseCurls(script: string): Request[] {
  const text = script.replace(/\\\n/g, ' ').replace(/\$\{\w+:\+([^}]*)\}/g, '$1');
  return [...text.matchAll(/\bcurl\b/g)].map((m) => {
    const tokens = shellWords(text.slice((m.index ?? 0) + 4)).map((t) => t.replace(/\)$/, ''));
    const request: Request = { method: '', url: '', query: [], headers: [] };
    let get = false;
    const data: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i] as string;
      if (t === '-X') request.method = tokens[++i] ?? '';
      else if (t === '-H') request.headers.push(tokens[++i] ?? '');
      else if (t === '-d' || t === '--data' || t === '--data-urlencode') data.push(tokens[++i] ?? '');
      else if (/^-[a-zA-Z]+$/.test(t)) get ||= t.includes('G');
      else if (t.startsWith('http')) request.url = t;
    }
    const [base = '', search = ''] = request.url.split('?');
    request.url = base;
    request.query = search ? search.split('&') : [];
    if (get) request.query.push(...data);
    else if (data.length) request.body = data.join('&');
    request.method ||= request.body !== undefined ? 'POST' : 'GET';
    return request;
  });
}

/** Problems with one request; also returns the operation it calls, for the responses that follow. */
function checkRequest(request: Request): { operation?: Operation; problems: string[] } {
  const problems: string[] = [];
  if (!request.url.startsWith(`${SANDBOX}/`))
    return { problems: [`calls ${request.url || 'no URL'}, not the sandbox ${SANDBOX}`] };
  const urlPath = request.url.slice(SANDBOX.length);
  const operation = operations.find((o) => o.method === request.method && o.pattern.test(urlPath));
  if (!operation) return { problems: [`${request.method} ${urlPath} is no operation of the API`] };
  const name = `${operation.op['x-slug']}`;
  const values = operation.pattern.exec(urlPath)?.slice(1) ?? [];
  [...operation.template.matchAll(/\{(\w+)\}/g)].forEach((m, i) => {
    const param = operation.params.find((p) => p.in === 'path' && p.name === m[1]);
    const check = param ? requestValidator(param.schema as Raw) : undefined;
    if (check && !check(decodeURIComponent(values[i] ?? '')))
      problems.push(`${name}: path ${m[1]} "${values[i]}": ${errorsOf(check)}`);
  });
  for (const pair of request.query) {
    const key = decodeURIComponent(pair.split('=')[0] ?? '');
    if (!operation.params.some((p) => p.in === 'query' && p.name === key))
      problems.push(`${name}: no query parameter "${key}"`);
  }
  const sent = request.headers.map((h) => (h.split(':')[0] ?? '').trim().toLowerCase());
  for (const header of sent) {
    if (
      !GENERAL_HEADERS.has(header) &&
      !operation.params.some((p) => p.in === 'header' && p.name.toLowerCase() === header)
    )
      problems.push(`${name}: no header parameter "${header}"`);
  }
  if (
    operation.method === 'POST' &&
    operation.params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key') &&
    !sent.includes('idempotency-key')
  )
    problems.push(`${name}: POST without an Idempotency-Key`);
  if (request.body !== undefined) {
    const schema = resolve(operation.op.requestBody ?? {})?.content?.['application/json']?.schema as Raw | undefined;
    if (!schema) problems.push(`${name}: sends a body the operation does not take`);
    else {
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        problems.push(`${name}: the body is not JSON`);
      }
      const check = requestValidator(schema);
      if (body !== undefined && !check(body)) problems.push(`${name}: request body: ${errorsOf(check)}`);
    }
  } else if (operation.op.requestBody?.required)
    problems.push(`${name}: sends no body, but the operation requires one`);
  return { operation, problems };
}

/** A JSON fence that shows a response of `operation`. */
function checkResponse(fence: Fence, operation: Operation): string[] {
  const status =
    /title="(\d{3})\b/.exec(fence.info)?.[1] ??
    Object.keys(operation.op.responses ?? {}).find((s) => s.startsWith('2'));
  const name = `${operation.op['x-slug']}`;
  const response = status ? resolve(operation.op.responses?.[status] ?? {}) : undefined;
  const schema = response?.content?.['application/json']?.schema as Raw | undefined;
  if (!schema) return [`${name} has no JSON response ${status ?? '2xx'}`];
  const check = responseValidator(schema);
  return check(JSON.parse(fence.body)) ? [] : [`${name} ${status}: ${errorsOf(check)}`];
}

/** A JSON fence outside a request/response pair: a file, an error, or a named schema. */
function checkStandalone(fence: Fence): string[] {
  if (/\b(data|file)\b/.test(fence.info) || /title="[^" ]*\.\w+/.test(fence.info)) return [];
  const schemaName =
    /schema="(\w+)"/.exec(fence.info)?.[1] ?? (/title="[45]\d\d\b/.test(fence.info) ? 'Error' : undefined);
  if (!schemaName)
    return ['a JSON example with no operation: put it after its curl, or name its schema with schema="Name"'];
  const schema = doc.components.schemas[schemaName] as Raw | undefined;
  if (!schema) return [`schema="${schemaName}" names no schema of the API`];
  const excerpt = /\bexcerpt\b/.test(fence.info);
  const check = responseValidator(
    excerpt ? { ...schema, required: [] } : { $ref: `#/components/schemas/${schemaName}` },
  );
  return check(JSON.parse(fence.body)) ? [] : [`${schemaName}: ${errorsOf(check)}`];
}

const guides = fg.sync(['site/docs/**/*.{md,mdx}', '!site/docs/tutorial-*/**'], { cwd: projectRoot }).sort();
const counts = { requests: 0, responses: 0, standalone: 0 };
const problems: string[] = [];
for (const page of guides) {
  let current: Operation | undefined;
  for (const fence of fencesOf(page)) {
    const report = (list: string[]): void => list.forEach((p) => problems.push(`${fence.where}: ${p}`));
    if (fence.newSection || /schema="/.test(fence.info)) current = undefined;
    if (fence.lang === 'json') {
      if (current) {
        counts.responses++;
        report(checkResponse(fence, current));
      } else {
        counts.standalone++;
        report(checkStandalone(fence));
      }
      continue;
    }
    current = undefined;
    if (fence.lang === 'http') {
      const line = /^([A-Z]+) \/v1(\/\S*) HTTP/.exec(fence.body);
      const host = /^Host: (.+)$/m.exec(fence.body)?.[1];
      counts.requests++;
      if (!line || host !== new URL(SANDBOX).host) report(['an http example that does not call the sandbox']);
      else
        report(
          checkRequest({ method: line[1] as string, url: `${SANDBOX}${line[2]}`, query: [], headers: [] }).problems,
        );
    } else if (['bash', 'sh', 'shell'].includes(fence.lang)) {
      const requests = parseCurls(fence.body);
      for (const request of requests) {
        counts.requests++;
        const result = checkRequest(request);
        report(result.problems);
        if (requests.length === 1) current = result.operation;
      }
    }
  }
}

describe('API examples in the guides (issue 18, item 9)', () => {
  it('finds the curls, the responses after them and the other JSON examples', () => {
    expect(counts.requests).toBeGreaterThan(20);
    expect(counts.responses).toBeGreaterThan(15);
    expect(counts.standalone).toBeGreaterThan(20);
  });

  it('calls real operations of the sandbox with declared parameters and valid bodies, and shows valid responses', () => {
    expect(problems).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    const call = (script: string): string[] => parseCurls(script).flatMap((r) => checkRequest(r).problems);
    expect(call(`curl -G ${SANDBOX}/customers -d email=a@example.com`)).toEqual([]);
    expect(call(`curl -G ${SANDBOX}/customers -d emial=a@example.com`)).toEqual([
      'search-customer: no query parameter "emial"',
    ]);
    expect(call(`curl ${SANDBOX}/customer/cus_7QbX2kR9mTa1`)).toEqual([
      'GET /customer/cus_7QbX2kR9mTa1 is no operation of the API',
    ]);
    expect(call(`curl https://api.tessera.example/v1/customers`)[0]).toMatch(/not the sandbox/);
    expect(
      call(`curl -X PATCH ${SANDBOX}/customers/cus_7QbX2kR9mTa1 -d '{ "emailConsent": { "state": "opted_in" } }'`)[0],
    ).toMatch(/request body: \/emailConsent\/state must be equal to one of the allowed values/);
    const customer = operations.find((o) => o.op['x-slug'] === 'get-customer') as Operation;
    expect(checkResponse({ where: '', lang: 'json', info: '', body: '{ "id": "cus_1" }' }, customer)[0]).toMatch(
      /must have required property/,
    );
    expect(checkStandalone({ where: '', lang: 'json', info: '', body: '{}' })[0]).toMatch(/no operation/);
  });
});

describe('one consent model (issue 18, item 1)', () => {
  /** First-column codes of the first table after `heading` in `page`. */
  const tableCodes = (page: string, heading: string): string[] => {
    const text = readFileSync(path.join(projectRoot, page), 'utf8');
    const section = text.split(`\n${heading}\n`)[1] ?? '';
    const table = /(?:^\|.*\n)+/m.exec(section)?.[0] ?? '';
    // Body rows only: the header row may name a field in backticks too.
    const body = table.split('\n').slice(2).join('\n');
    return [...body.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1] as string);
  };

  it('lists the states of EmailConsent, and only those, wherever a guide lists them', () => {
    const states = [...(doc.components.schemas.EmailConsent.properties.state.enum as string[])].sort();
    expect(states).toEqual(['not_subscribed', 'pending', 'subscribed', 'unsubscribed']);
    expect(tableCodes('site/docs/themes/features/customer/email-consent.mdx', '## The four states').sort()).toEqual(
      states,
    );
    expect(tableCodes('site/docs/contact/customers.mdx', '## Email marketing consent').sort()).toEqual(states);
    const objects = readFileSync(
      path.join(projectRoot, 'site/docs/themes/architecture/templates/overview.mdx'),
      'utf8',
    );
    const row = /^\| `email_consent\.state` \|.*$/m.exec(objects)?.[0] ?? '';
    expect(
      [...row.matchAll(/`([a-z_]+)`/g)]
        .map((m) => m[1])
        .filter((s) => s !== 'email_consent')
        .sort(),
    ).toEqual(states);
  });
});
