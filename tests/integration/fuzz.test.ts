import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiReference } from '../../src/apiref/load.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { parseFrontMatter } from '../../src/content/front-matter.ts';
import { processSource } from '../../src/content/process-source.ts';
import type { Diagnostic } from '../../src/diagnostics.ts';

// issue 8, item 4: generated front matter, MDX fragments and OpenAPI fragments fed to the pipeline's pieces.
// Each either succeeds or fails with diagnostics that carry a message and the file: never an exception that
// escapes, never a hang. The seed is fixed and printed; FUZZ_SEED=<n> replays or varies a run.

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808);
const FILE = '/site/docs/fuzz.mdx';
/** A case slower than this counts as a hang (the compilers used to take minutes on hostile input). */
const CASE_LIMIT_MS = 10_000;

console.log(`[issue 8] fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);

function expectClearDiagnostics(diagnostics: readonly Diagnostic[], file: string): void {
  for (const d of diagnostics) {
    expect(['error', 'warning']).toContain(d.severity);
    expect(d.code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
    expect(d.message.trim().length).toBeGreaterThan(5);
    expect(d.file).toBe(file);
    if (d.line !== undefined) expect(d.line).toBeGreaterThanOrEqual(1);
    // A JavaScript error caught and passed on as a diagnostic is a bug in the portal, not a clear message.
    expect(d.message).not.toMatch(
      /TypeError|ReferenceError|Cannot read propert|is not a function|is not iterable|could not build the API reference/,
    );
  }
}

/** Text made of the pieces that matter to a parser, so generated input reaches its corners quickly. */
const piecesOf = (pieces: readonly string[], maxLength: number) =>
  fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...pieces) },
        { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
      ),
      { maxLength },
    )
    .map((parts) => parts.join(''));

const YAML_PIECES = [
  'id',
  'title',
  'tags',
  'slug',
  'draft',
  'sidebar_position',
  'toc_min_heading_level',
  'description',
  'x',
  ': ',
  ':',
  '\n',
  '\n  ',
  '  ',
  '- ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  "'",
  '|',
  '>-',
  '&a ',
  '*a',
  '&b ',
  '*b',
  '<<: *a',
  '!!str ',
  '!!int ',
  '!!binary ',
  '!custom ',
  '? ',
  '#',
  '---',
  '...',
  '%YAML 1.2',
  'true',
  'null',
  '~',
  '1e309',
  '-.inf',
  '0x1F',
  '2024-01-01',
  '\t',
  '\u2028',
  '\u00a0',
  '\\',
  '@',
  '`',
];

const MDX_PIECES = [
  '\n',
  '\n\n',
  '# ',
  '## Heading {#custom-id}',
  '> ',
  '- ',
  '* ',
  '1. ',
  '   ',
  '\t',
  '```',
  '```js\n',
  '~~~',
  '`',
  '**',
  '_',
  '~~',
  '<div>',
  '</div>',
  '<Foo bar={1} />',
  '<Tabs>',
  '</Tabs>',
  '<a href="javascript:alert(1)">',
  '</a>',
  '<img src="/img/x.png" />',
  '<>',
  '</>',
  '{',
  '}',
  '{1 + 1}',
  '{/* c */}',
  '{props.x}',
  'import x from "y"\n',
  'export const a = 1\n',
  'export default function X() {}\n',
  '[',
  ']',
  '](',
  ')',
  '[x](/docs/intro)',
  '[x](javascript:alert(1))',
  '![a](b.png)',
  '[^1]',
  '[^1]: note',
  '<https://x.example>',
  ':::note',
  ':::tip Title',
  ':::',
  ':::danger[label]',
  '::leaf',
  '|',
  '| a | b |',
  '|---|---|',
  '---',
  '***',
  '$$',
  '\\',
  '&amp;',
  '&#0;',
  '<!--',
  '-->',
  '<script>',
  '</script>',
  'text',
  'word ',
  '\u2028',
  '\u0000',
  '😀',
  '\r\n',
];

/** How many generated cases built and how many failed cleanly: both must happen, or the generator misses a side. */
const outcomes = () => ({ ok: 0, failed: 0 });
const report = (what: string, o: { ok: number; failed: number }) =>
  console.log(
    `[issue 8] fuzz ${what}: ${o.ok + o.failed} cases, ${o.ok} succeeded, ${o.failed} failed with diagnostics`,
  );

describe('generated front matter', () => {
  it('always parses to data or to front-matter diagnostics with a message and a line', () => {
    const seen = outcomes();
    fc.assert(
      fc.property(piecesOf(YAML_PIECES, 40), piecesOf(MDX_PIECES, 10), (yaml, body) => {
        const source = `---\n${yaml}\n---\n${body}`;
        const started = performance.now();
        const result = parseFrontMatter(source, FILE);
        expect(performance.now() - started).toBeLessThan(CASE_LIMIT_MS);
        expect(typeof result.body).toBe('string');
        // Line numbers of the body stay true: the front matter is blanked, not removed.
        expect(result.body.split('\n').length).toBe(source.split('\n').length);
        expectClearDiagnostics(result.diagnostics, FILE);
        if (result.diagnostics.length === 0) expect(typeof result.frontMatter).toBe('object');
        seen[result.diagnostics.length === 0 ? 'ok' : 'failed']++;
      }),
      { seed: SEED, numRuns: 400 },
    );
    report('front matter', seen);
    expect(Math.min(seen.ok, seen.failed)).toBeGreaterThan(20);
  });
});

describe('generated MDX', () => {
  it('always compiles, or fails with diagnostics naming the file', async () => {
    const seen = outcomes();
    await fc.assert(
      fc.asyncProperty(piecesOf(MDX_PIECES, 60), async (text) => {
        const started = performance.now();
        const result = await processSource(text, FILE);
        expect(performance.now() - started).toBeLessThan(CASE_LIMIT_MS);
        expectClearDiagnostics(result.diagnostics, FILE);
        const failed = result.diagnostics.some((d) => d.severity === 'error');
        if (!failed) expect(result.code.length).toBeGreaterThan(0);
        for (const link of result.links) expect(typeof link.url).toBe('string');
        seen[failed ? 'failed' : 'ok']++;
      }),
      { seed: SEED, numRuns: 150, interruptAfterTimeLimit: 25_000 },
    );
    report('MDX', seen);
    expect(Math.min(seen.ok, seen.failed)).toBeGreaterThan(10);
  }, 60_000);
});

describe('generated OpenAPI documents', () => {
  let root: string;
  let remote: http.Server;
  let remoteHits = 0;
  let remoteUrl = '';

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-fuzz-'));
    await fs.mkdir(path.join(root, 'openapi', 'schemas'), { recursive: true });
    await fs.writeFile(
      path.join(root, 'openapi', 'schemas', 'thing.yaml'),
      'type: object\nproperties:\n  name: { type: string }\n',
    );
    await fs.writeFile(path.join(root, 'secret.yaml'), 'SECRET-OUTSIDE: true\n');
    // A $ref to a URL must never be fetched: this server counts any attempt.
    remote = http.createServer((_req, res) => {
      remoteHits++;
      res.end('type: string\n');
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    remoteUrl = `http://127.0.0.1:${(remote.address() as { port: number }).port}/thing.yaml`;
  });

  afterAll(async () => {
    remote?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const text = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      '<script>alert(1)</script>',
      '[x](javascript:alert(1))',
      '**bold** `code`',
      'plain',
      '\u2028',
      '{{x}}',
    ),
  );
  const goodRef = fc.constantFrom(
    '#/components/schemas/A',
    '#/components/schemas/B',
    'schemas/thing.yaml',
    'schemas/thing.yaml#/properties/name',
  );
  const badRef = fc.constantFrom(
    '#/components/schemas/Missing',
    '#/components/responses/Nope',
    'schemas/missing.yaml',
    '../secret.yaml',
    '/etc/passwd',
    'file:///etc/passwd',
    'REMOTE',
    '#/paths',
  );
  /** Schemas that are valid in OpenAPI 3.0 and 3.1 (with refs to each other, so cycles happen), or with `bad` in, anything. */
  const schemaOf = (bad: boolean): fc.Arbitrary<unknown> =>
    fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ $ref: bad ? fc.oneof(goodRef, badRef) : goodRef }),
        fc.record(
          {
            type: fc.constantFrom('string', 'integer', 'number', 'boolean'),
            title: text,
            description: text,
            example: fc.jsonValue({ maxDepth: 2 }),
            enum: fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 3 }),
          },
          { requiredKeys: ['type'] },
        ),
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie('node'), { maxKeys: 3 }),
            additionalProperties: fc.oneof(fc.boolean(), tie('node')),
          },
          { requiredKeys: ['type'] },
        ),
        fc.record({ type: fc.constant('array'), items: tie('node') }),
        fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ allOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        ...(bad ? [fc.jsonValue({ maxDepth: 2 })] : []),
      ),
    })).node;
  const documentOf = (bad: boolean) => {
    const schema = schemaOf(bad);
    const operation = fc.record(
      {
        summary: text,
        description: text,
        tags: fc.array(fc.constantFrom('Orders', 'Customers', '<b>Tag</b>'), { maxLength: 2 }),
        parameters: fc.array(
          fc.record(
            {
              name: fc.string({ minLength: 1, maxLength: 8 }),
              in: bad
                ? fc.constantFrom('query', 'path', 'header', 'body')
                : fc.constantFrom('query', 'header', 'cookie'),
              description: text,
              schema,
            },
            { requiredKeys: ['name', 'in', 'schema'] },
          ),
          { maxLength: 3 },
        ),
        requestBody: fc.record({
          content: fc.dictionary(
            fc.constantFrom('application/json', 'text/plain', 'application/xml'),
            fc.record({ schema, example: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['schema'] }),
            { minKeys: 1, maxKeys: 2 },
          ),
        }),
        responses: fc.dictionary(
          fc.constantFrom('200', '201', '404', 'default'),
          fc.record(
            {
              description: text,
              content: fc.dictionary(fc.constant('application/json'), fc.record({ schema }), { maxKeys: 1 }),
            },
            { requiredKeys: ['description'] },
          ),
          { minKeys: 1, maxKeys: 3 },
        ),
        'x-codeSamples': fc.array(fc.record({ lang: fc.constantFrom('go', 'curl', '<x>'), source: text }), {
          maxLength: 2,
        }),
      },
      { requiredKeys: ['responses'] },
    );
    return fc.record(
      {
        openapi: bad ? fc.constantFrom('3.0.3', '3.1.0', '2.0', '4.0', 'x') : fc.constantFrom('3.0.3', '3.1.0'),
        info: fc.record(
          { title: text, version: fc.string({ maxLength: 5 }), description: text },
          { requiredKeys: ['title', 'version'] },
        ),
        servers: fc.array(
          fc.record({ url: fc.oneof(fc.constantFrom('javascript:alert(1)', 'https://api.example.com', '/v1')) }),
          { maxLength: 2 },
        ),
        paths: fc.dictionary(
          fc.constantFrom('/a', '/b', '/c/d', '/e-f'),
          fc.dictionary(fc.constantFrom('get', 'post', 'delete'), operation, { minKeys: 1, maxKeys: 2 }),
          { maxKeys: 3 },
        ),
        components: fc.record({ schemas: fc.record({ A: schema, B: schema }) }),
        tags: fc.array(fc.record({ name: fc.constantFrom('Orders', 'Customers'), description: text }), {
          maxLength: 2,
        }),
      },
      { requiredKeys: ['openapi', 'info', 'paths'] },
    );
  };
  /** Valid-looking documents, documents with bad refs and values, broken YAML text, and YAML-ish noise. */
  const documentText = fc.oneof(
    { weight: 4, arbitrary: documentOf(false).map((d) => stringify(d, { aliasDuplicateObjects: false })) },
    { weight: 3, arbitrary: documentOf(true).map((d) => stringify(d, { aliasDuplicateObjects: false })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(documentOf(false), fc.nat(), fc.constantFrom(':', '\t', '[', '&a *a', '"', '\n  -'))
        .map(([d, at, junk]) => {
          const t = stringify(d);
          const i = at % (t.length + 1);
          return t.slice(0, i) + junk + t.slice(i);
        }),
    },
    { weight: 1, arbitrary: piecesOf(YAML_PIECES, 40) },
  );

  it('always load to pages, or to openapi diagnostics naming the document; never read outside, never fetch', async () => {
    const file = path.join(root, 'openapi', 'api.yaml');
    const seen = outcomes();
    const { config } = validateConfig(
      { title: 'Fuzz', url: 'https://fuzz.example', openapi: { path: 'openapi/api.yaml' } },
      path.join(root, 'site/portal.config.ts'),
    );
    if (!config) throw new Error('the fuzz config must be valid');
    await fc.assert(
      fc.asyncProperty(documentText, async (source) => {
        await fs.writeFile(file, source.replaceAll('REMOTE', remoteUrl));
        const started = performance.now();
        const api = await loadApiReference({ root, config });
        expect(performance.now() - started).toBeLessThan(CASE_LIMIT_MS);
        expectClearDiagnostics(api.diagnostics, file);
        const failed = api.diagnostics.some((d) => d.severity === 'error');
        if (!failed) expect(api.routes.length).toBeGreaterThan(0);
        const output = JSON.stringify([api.routes.map((r) => r.page), api.files]);
        expect(output).not.toContain('SECRET-OUTSIDE');
        expect(output).not.toMatch(/root:[^:"]*:0:0:/);
        seen[failed ? 'failed' : 'ok']++;
      }),
      { seed: SEED, numRuns: 120, interruptAfterTimeLimit: 25_000 },
    );
    report('OpenAPI', seen);
    expect(Math.min(seen.ok, seen.failed)).toBeGreaterThan(5);
    expect(remoteHits).toBe(0);
  }, 60_000);
});
