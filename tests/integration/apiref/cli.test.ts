import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../../helpers/fixtures.ts';
import { portal, scenario } from '../../helpers/scenario.ts';

const SHARED = path.join(sharedDir, 'fixtures/openapi');
const hasShared = Boolean(await fs.stat(SHARED).catch(() => undefined));

/** issue 5, items 4 and 5 through the real CLI: a bad document fails the build, naming file, line and pointer. */
describe('portal build with an API document', () => {
  it('fails on an invalid document with the file, the line, the JSON pointer and the problem', async () => {
    const original = await fs.readFile(path.join(import.meta.dirname, '../../fixtures/api-shop/openapi/shop.yaml'), 'utf8');
    const broken = original.replace("        '204': { description: Deleted. }", "        '204': { descripton: Deleted. }");
    expect(broken).not.toBe(original);
    const dir = await scenario('api-invalid', { 'openapi/shop.yaml': broken }, 'api-shop');
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    const line = broken.split('\n').findIndex((l) => l.includes('descripton')) + 1;
    expect(r.stderr).toContain(`openapi/shop.yaml:${line}`);
    expect(r.stderr).toContain('#/paths/~1orders~1{orderId}/delete/responses/204');
    expect(r.stderr).toContain('openapi-invalid');
  }, 120_000);

  it('refuses a $ref outside the openapi folder (issue 8) and says which one', async () => {
    const original = await fs.readFile(path.join(import.meta.dirname, '../../fixtures/api-shop/openapi/shop.yaml'), 'utf8');
    const dir = await scenario('api-ref-outside', { 'openapi/shop.yaml': original.replace("$ref: 'schemas/address.yaml'", "$ref: '../site/portal.config.ts'") }, 'api-shop');
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/\$ref ".*site\/portal\.config\.ts" is outside the openapi folder/);
    expect(r.stderr).toMatch(/openapi\/shop\.yaml:\d+/);
  }, 120_000);

  it.skipIf(!hasShared)('previews another document with --openapi, relative to the project root', async () => {
    const dir = await scenario('api-preview', { 'other/museum.yaml': await fs.readFile(path.join(SHARED, 'redocly-museum/openapi.yaml'), 'utf8') }, 'api-min');
    const r = await portal(dir, 'build', '--openapi', 'other/museum.yaml');
    expect(r.exitCode, r.stderr).toBe(0);
    const intro = await fs.readFile(path.join(dir, 'build/docs/api/index.html'), 'utf8');
    expect(intro).toContain('Redocly Museum API');
    expect(await fs.readFile(path.join(dir, 'build/openapi/museum.json'), 'utf8')).toContain('"openapi": "3.1.0"');
  }, 120_000);
});
