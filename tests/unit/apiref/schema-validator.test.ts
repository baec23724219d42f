import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import yaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  errorsOf,
  SCHEMA_VERSIONS,
  schemaErrors,
  type SchemaVersion,
  type Validator,
  validatorFile,
  validatorSources,
} from '../../../src/apiref/schema-validator.ts';
import { projectRoot, sharedDir } from '../../helpers/fixtures.ts';

type Doc = Record<string, any>;
const load = (file: string): Doc => yaml.load(fs.readFileSync(file, 'utf8')) as Doc;
const documents: Record<string, Doc> = {
  'Swagger 2.0': load(path.join(sharedDir, 'fixtures/openapi/oai-v2-petstore-expanded/petstore-expanded.yaml')),
  'OpenAPI 3.0': load(path.join(sharedDir, 'fixtures/openapi/oai-v3.0-petstore-expanded/petstore-expanded.yaml')),
  'OpenAPI 3.1': load(path.join(sharedDir, 'fixtures/openapi/oai-v3.1-webhook-example/webhook-example.yaml')),
  'the portal': load(path.join(projectRoot, 'openapi/business-api.yaml')),
};

/** Mistakes an author makes, each applied to a copy of a document. */
const mistakes: Record<string, (d: Doc) => void> = {
  'no mistake': () => undefined,
  'a number for a title': (d) => {
    d.info.title = 12;
  },
  'an unknown top-level field': (d) => {
    d.extra = true;
  },
  'an operation without responses': (d) => {
    const ops = Object.values(d.paths ?? {}).flatMap((p) => Object.values(p as Doc));
    delete (ops.find((o) => typeof o === 'object' && o?.responses) as Doc | undefined)?.responses;
  },
  'a parameter in the wrong place': (d) => {
    d.paths ??= {};
    d.paths['/x/{id}'] = { get: { parameters: [{ name: 'id', in: 'somewhere', required: true }], responses: {} } };
  },
  'no info': (d) => {
    delete d.info;
  },
};

const options = { resolve: { external: false }, dereference: { circular: 'ignore' } };

/** What swagger-parser's own validation reports: its Ajv errors, or none. */
async function swaggerParserErrors(doc: Doc): Promise<unknown[]> {
  try {
    await SwaggerParser.validate(
      structuredClone(doc) as never,
      {
        ...options,
        validate: { schema: true, spec: false },
      } as never,
    );
    return [];
  } catch (err) {
    return (err as { details?: unknown[] }).details ?? [String(err)];
  }
}

// The validators bin/launch.js writes beside the bundled CLI, written and loaded here the same way (inside the
// project, where their require of Ajv's runtime resolves).
const prebuiltDir = path.join(projectRoot, '.portal', `test-validators-${process.pid}`);
fs.mkdirSync(prebuiltDir, { recursive: true });
const prebuilt = new Map<SchemaVersion, Validator>();
for (const [version, code] of Object.entries(validatorSources()) as Array<[SchemaVersion, string]>) {
  const file = path.join(prebuiltDir, validatorFile(version));
  fs.writeFileSync(file, code);
  prebuilt.set(version, createRequire(import.meta.url)(file) as Validator);
}
afterAll(() => fs.rmSync(prebuiltDir, { recursive: true, force: true }));
const versionOf = (d: Doc): SchemaVersion => (d.swagger ? 'v2' : String(d.openapi).startsWith('3.1') ? 'v31' : 'v3');

// Issue 17: the schemas are compiled once per process instead of once per document checked; they must find what
// swagger-parser's validation finds, error for error.
describe('schemaErrors', () => {
  it('has a prebuilt validator for each version', () => {
    expect([...prebuilt.keys()].sort()).toEqual([...SCHEMA_VERSIONS].sort());
  });
  for (const [name, document] of Object.entries(documents)) {
    it(`finds what swagger-parser finds in ${name}`, async () => {
      let found = 0;
      for (const [mistake, apply] of Object.entries(mistakes)) {
        const doc = structuredClone(document);
        apply(doc);
        const expected = await swaggerParserErrors(doc);
        const api = await new SwaggerParser().dereference(structuredClone(doc) as never, options as never);
        expect(schemaErrors(api as unknown as Doc), mistake).toEqual(expected);
        expect(errorsOf(prebuilt.get(versionOf(doc)) as Validator, api), `${mistake}, prebuilt`).toEqual(expected);
        if (mistake === 'no mistake') expect(expected).toEqual([]);
        else if (expected.length > 0) found++;
      }
      // Not a comparison of two empty lists: most mistakes break the schema (3.1 lets an operation have no responses).
      expect(found).toBeGreaterThanOrEqual(Object.keys(mistakes).length - 2);
    });
  }
});
