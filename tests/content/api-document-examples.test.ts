/**
 * issue 18, items 5 and 9: the examples of the OpenAPI document itself validate against their schemas, as
 * the guides' JSON does (guide-api-examples.test.ts): every request and response example of every
 * operation, and the example each tag page shows under "The <Name> object".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../helpers/fixtures.ts';
import { createSchemaValidator, validationErrors } from '../helpers/openapi-validator.ts';
import { resolveRef } from '../helpers/openapi-ref.ts';

type Raw = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const doc = parse(readFileSync(path.join(projectRoot, 'openapi/business-api.yaml'), 'utf8')) as Raw;
const resolve = (node: Raw): Raw => resolveRef(doc, node);
const validators = { request: createSchemaValidator(doc, 'request'), response: createSchemaValidator(doc, 'response') };

/** The JSON examples of a media type: `example` and each entry of `examples`, by name. */
const examplesOf = (media: Raw | undefined): Array<[string, unknown]> =>
  media
    ? [
        ...(media.example !== undefined ? [['example', media.example] as [string, unknown]] : []),
        ...Object.entries((media.examples ?? {}) as Raw).map(([k, e]): [string, unknown] => [
          k,
          resolve(e as Raw).value,
        ]),
      ]
    : [];

describe("the OpenAPI document's own examples (issue 18, item 9)", () => {
  it('validates every request and response example against the schema beside it', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const item of Object.values(doc.paths as Raw)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const op = item[method] as Raw;
        const request = resolve(op.requestBody ?? {}).content?.['application/json'];
        for (const [name, value] of examplesOf(request)) {
          checked++;
          const check = validators.request(request.schema);
          if (!check(value)) wrong.push(`${op['x-slug']} request ${name}: ${validationErrors(check)}`);
        }
        for (const [status, raw] of Object.entries((op.responses ?? {}) as Raw)) {
          const media = resolve(raw as Raw).content?.['application/json'];
          for (const [name, value] of examplesOf(media)) {
            checked++;
            const check = validators.response(media.schema);
            if (!check(value)) wrong.push(`${op['x-slug']} ${status} ${name}: ${validationErrors(check)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('validates the example of each tag object against the schema the tag names', () => {
    const wrong: string[] = [];
    const tags = (doc.tags as Raw[]).filter((t) => t['x-object-example']);
    for (const tag of tags) {
      const check = validators.response({ $ref: `#/components/schemas/${tag['x-object']}` });
      if (!check(doc.components.examples[tag['x-object-example']]?.value))
        wrong.push(`${tag.name}: ${validationErrors(check)}`);
    }
    expect(wrong).toEqual([]);
    expect(tags.length).toBeGreaterThanOrEqual(22);
  });

  it('catches an example that breaks its schema', () => {
    const check = validators.response({ $ref: '#/components/schemas/Country' });
    const us = doc.components.examples.Country.value as Raw;
    expect(check(us)).toBe(true);
    expect(check({ ...us, code: 'USA' })).toBe(false);
    expect(validationErrors(check)).toContain('/code');
  });
});
