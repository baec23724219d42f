import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodeSamples } from '../../../src/apiref/code-samples.ts';
import type { ApiCodeSample } from '../../../templates/shared/api-model.ts';
import { onlyOperation, parseInline } from './helpers.ts';

const SERVER = 'https://api.example.com/v1';
const BODY = {
  name: 'O\'Brien "quoted"',
  note: 'line 1\nline 2 </script> $HOME `x`',
  tags: ['a', 'ü'],
  nested: { ok: true, none: null, n: 1.5 },
  empty: {},
};

const has = (cmd: string, args: string[]): boolean => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const hasCurl = has('curl', ['--version']);
const hasPythonRequests = has('python3', ['-c', 'import requests']);

/** Splits a POSIX shell command the way sh would for our samples: quotes, `'\''` and line continuations. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  const text = command.replace(/\\\n/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      current = (current ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      current = (current ?? '') + (text[i + 1] ?? '');
      i++;
    } else if (/\s/.test(c)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else current = (current ?? '') + c;
  }
  if (current !== undefined) words.push(current);
  return words;
}

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('code samples (issue 5): valid cURL, fetch, requests and PHP', () => {
  let samples: ApiCodeSample[];
  let received: Received[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const op = onlyOperation(
      await parseInline({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        servers: [{ url: SERVER }],
        security: [{ bearer: [] }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        paths: {
          '/things/{id}': {
            post: {
              summary: 'Update a thing',
              parameters: [
                { name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'th 1/2' } },
                { name: 'mode', in: 'query', required: true, schema: { type: 'string', enum: ['fast', 'slow'] } },
                { name: 'page', in: 'query', schema: { type: 'integer' } },
                { name: 'X-Trace', in: 'header', required: true, example: 'abc', schema: { type: 'string' } },
              ],
              requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: BODY } } },
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    samples = buildCodeSamples(op, [{ key: 'bearer', type: 'http', scheme: 'bearer', flows: [] }]);
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const source = (lang: string): string => samples.find((s) => s.lang === lang)?.source ?? '';
  const local = (code: string): string => code.replaceAll(SERVER, base);
  const expectCall = (call: Received | undefined) => {
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/v1/things/th%201%2F2?mode=fast');
    expect(call?.headers.authorization).toBe('Bearer <token>');
    expect(call?.headers['x-trace']).toBe('abc');
    expect(JSON.parse(call?.body ?? '')).toEqual(BODY);
  };

  it('offers cURL, JavaScript, Python and PHP, in that order', () => {
    expect(samples.map((s) => s.label)).toEqual(['cURL', 'JavaScript', 'Python', 'PHP']);
  });

  it('cURL parses back to the method, URL, headers and a JSON body', () => {
    const words = shellWords(source('curl'));
    const flag = (name: string) => words.flatMap((w, i) => (w === name ? [words[i + 1] as string] : []));
    expect(words[0]).toBe('curl');
    expect(flag('--request')).toEqual(['POST']);
    expect(flag('--url')).toEqual([`${SERVER}/things/th%201%2F2?mode=fast`]);
    expect(flag('--header')).toEqual([
      'X-Trace: abc',
      'Authorization: Bearer <token>',
      'Content-Type: application/json',
    ]);
    expect(JSON.parse(flag('--data')[0] ?? '')).toEqual(BODY);
  });

  it.skipIf(!hasCurl)('cURL runs against a local mock of the operation', async () => {
    received = [];
    await execa('sh', ['-c', local(source('curl'))]);
    expectCall(received[0]);
  });

  it('JavaScript compiles, and its fetch call reaches the mock with the same request', async () => {
    const code = local(source('javascript'));
    expect(() => new vm.Script(`(async () => {\n${code}\n})`)).not.toThrow();
    received = [];
    const logged: unknown[] = [];
    const run = new vm.Script(`(async () => {\n${code}\n})()`).runInNewContext({
      fetch,
      console: { log: (v: unknown) => logged.push(v) },
      JSON,
      URLSearchParams,
      FormData,
    }) as Promise<void>;
    await run;
    expectCall(received[0]);
    expect(logged).toEqual([{ ok: true }]);
  });

  it('Python uses requests with a Python literal body (True, None) and, where Python is installed, runs', async () => {
    const code = source('python');
    expect(code).toMatch(/^import requests\n/);
    expect(code).toContain('requests.request(\n    "POST",');
    expect(code).toContain('"ok": True,');
    expect(code).toContain('"none": None,');
    expect(code).not.toMatch(/\btrue\b|\bnull\b/);
    if (!hasPythonRequests) return;
    received = [];
    await execa('python3', ['-c', local(code)]);
    expectCall(received[0]);
  });

  it('PHP uses curl with a json_encode()d array body', () => {
    const code = source('php');
    expect(code.startsWith('<?php\n')).toBe(true);
    expect(code).toContain(`$ch = curl_init('${SERVER}/things/th%201%2F2?mode=fast');`);
    expect(code).toContain("CURLOPT_CUSTOMREQUEST => 'POST',");
    expect(code).toContain("'Authorization: Bearer <token>',");
    expect(code).toContain("'name' => 'O\\'Brien \"quoted\"',");
    expect(code).toContain("'empty' => (object) [],");
    expect(code).toContain("'none' => null,");
    // Balanced brackets and parentheses: the literal is well formed.
    const count = (c: string) => code.split(c).length - 1;
    expect(count('[')).toBe(count(']'));
    expect(count('(')).toBe(count(')'));
  });

  it('honours x-codeSamples: a sample for a known language replaces ours, others follow', async () => {
    const op = onlyOperation(
      await parseInline({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/a': {
            get: {
              summary: 'A',
              responses: { '200': { description: 'OK' } },
              'x-codeSamples': [
                { lang: 'Shell', label: 'CLI', source: 'shop get a' },
                { lang: 'Go', source: 'c.Get()' },
              ],
            },
          },
        },
      }),
    );
    expect(buildCodeSamples(op, []).map((s) => [s.lang, s.label])).toEqual([
      ['curl', 'CLI'],
      ['javascript', 'JavaScript'],
      ['python', 'Python'],
      ['php', 'PHP'],
      ['Go', 'Go'],
    ]);
  });

  it('sends form bodies as form fields', async () => {
    const op = onlyOperation(
      await parseInline({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        servers: [{ url: SERVER }],
        paths: {
          '/login': {
            post: {
              summary: 'Log in',
              requestBody: {
                content: {
                  'application/x-www-form-urlencoded': {
                    schema: { type: 'object' },
                    example: { user: 'ada', pass: 'a&b=c' },
                  },
                },
              },
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const [curl, js] = buildCodeSamples(op, []);
    expect(curl?.source).toContain("--data-urlencode 'pass=a&b=c'");
    expect(js?.source).toContain('body: new URLSearchParams({');
    if (!hasCurl) return;
    received = [];
    await execa('sh', ['-c', local(curl?.source ?? '')]);
    expect(new URLSearchParams(received[0]?.body).get('pass')).toBe('a&b=c');
  });

  it("uses the scheme's x-example as the credential and always sends an optional Idempotency-Key (issue 18)", async () => {
    const result = await parseInline({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://sandbox.example.com/v1', description: 'Sandbox' }, { url: SERVER }],
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', 'x-example': 'tsk_test_abc' } } },
      paths: {
        '/orders': {
          post: {
            summary: 'Create an order',
            parameters: [
              { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' }, example: 'key-1' },
              { name: 'X-Trace', in: 'header', schema: { type: 'string' }, example: 'no' },
            ],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    });
    const [curl] = buildCodeSamples(onlyOperation(result), result.model?.securitySchemes ?? []);
    expect(curl?.source).toBe(
      [
        'curl --request POST',
        "  --url 'https://sandbox.example.com/v1/orders'",
        "  --header 'Idempotency-Key: key-1'",
        "  --header 'Authorization: Bearer tsk_test_abc'",
      ].join(' \\\n'),
    );
  });

  /** issue 20, item 4: a wildcard media type is what the server accepts, not a Content-Type to send. */
  it.each([
    ['*/*', { a: 1 }, 'application/json'],
    ['application/*', { a: 1 }, 'application/json'],
    ['text/*', 'hello', 'text/plain'],
    ['*/*', 'raw text', 'text/plain'],
    ['image/*', 'binary', undefined],
    ['application/xml', '<a/>', 'application/xml'],
  ])('a %s body with example %j sends Content-Type %s, never a wildcard', async (mediaType, example, expected) => {
    const op = onlyOperation(
      await parseInline({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        servers: [{ url: SERVER }],
        paths: {
          '/upload': {
            post: {
              summary: 'Upload',
              requestBody: { content: { [mediaType]: { schema: {}, example } } },
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const samples = buildCodeSamples(op, []);
    for (const sample of samples)
      expect(sample.source).not.toMatch(/Content-Type['"]?\s*(=>|:|,)?\s*['"]?[\w-]*\/?\*/i);
    const words = shellWords(samples[0]?.source ?? '');
    const contentType = words
      .map((w, i) => (words[i - 1] === '--header' || words[i - 1] === '-H' ? w : ''))
      .find((h) => /^content-type:/i.test(h));
    expect(contentType?.replace(/^content-type:\s*/i, '')).toBe(expected);
  });
});
