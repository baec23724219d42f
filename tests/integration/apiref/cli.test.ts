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
    const original = await fs.readFile(
      path.join(import.meta.dirname, '../../fixtures/api-shop/openapi/shop.yaml'),
      'utf8',
    );
    const broken = original.replace(
      "        '204': { description: Deleted. }",
      "        '204': { descripton: Deleted. }",
    );
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
    const original = await fs.readFile(
      path.join(import.meta.dirname, '../../fixtures/api-shop/openapi/shop.yaml'),
      'utf8',
    );
    const dir = await scenario(
      'api-ref-outside',
      { 'openapi/shop.yaml': original.replace("$ref: 'schemas/address.yaml'", "$ref: '../site/portal.config.ts'") },
      'api-shop',
    );
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /\$ref "\.\.\/site\/portal\.config\.ts" resolves to .*site\/portal\.config\.ts, outside the OpenAPI root folder/,
    );
    expect(r.stderr).toMatch(/openapi\/shop\.yaml:\d+/);
  }, 120_000);

  it.skipIf(!hasShared)(
    'previews another document with --openapi, relative to the project root',
    async () => {
      const dir = await scenario(
        'api-preview',
        { 'other/museum.yaml': await fs.readFile(path.join(SHARED, 'redocly-museum/openapi.yaml'), 'utf8') },
        'api-min',
      );
      const r = await portal(dir, 'build', '--openapi', 'other/museum.yaml');
      expect(r.exitCode, r.stderr).toBe(0);
      const intro = await fs.readFile(path.join(dir, 'build/docs/api/index.html'), 'utf8');
      expect(intro).toContain('Redocly Museum API');
      expect(await fs.readFile(path.join(dir, 'build/openapi/museum.json'), 'utf8')).toContain('"openapi": "3.1.0"');
    },
    120_000,
  );

  /** issue 20, item 3: a document split over sibling folders (entry in spec/, errors in common/). */
  const petstoreSeparate = async (name: string, config?: string): Promise<string> => {
    const from = path.join(SHARED, 'oai-v2-petstore-separate');
    const files: Record<string, string> = {};
    for (const rel of [
      'spec/swagger.yaml',
      'spec/Pet.yaml',
      'spec/NewPet.yaml',
      'spec/parameters.yaml',
      'common/Error.yaml',
    ]) {
      files[`api/petstore/${rel}`] = await fs.readFile(path.join(from, rel), 'utf8');
    }
    if (config) files['site/portal.config.ts'] = config;
    return scenario(name, files, 'api-min');
  };

  it.skipIf(!hasShared)(
    'refuses a $ref into a sibling folder by default, naming the $ref, its line and the option',
    async () => {
      const dir = await petstoreSeparate('api-root-default');
      const r = await portal(dir, 'build', '--openapi', 'api/petstore/spec/swagger.yaml');
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(
        /\$ref "\.\.\/common\/Error\.yaml" resolves to .*common\/Error\.yaml, outside the OpenAPI root folder .*petstore\/spec/,
      );
      expect(r.stderr).toMatch(/api\/petstore\/spec\/swagger\.yaml:\d+:\d+/);
      expect(r.stderr).toContain('--openapi-root');
      expect(r.stderr).toContain('openapi.root');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    },
    120_000,
  );

  it.skipIf(!hasShared)(
    'builds it with --openapi-root pointing at the folder holding both',
    async () => {
      const dir = await petstoreSeparate('api-root-cli');
      const r = await portal(
        dir,
        'build',
        '--openapi',
        'api/petstore/spec/swagger.yaml',
        '--openapi-root',
        'api/petstore',
      );
      expect(r.exitCode, r.stderr).toBe(0);
      const bundled = await fs.readFile(path.join(dir, 'build/openapi/swagger.json'), 'utf8');
      // The error schema from common/ is bundled into the download.
      expect(bundled).toContain('"code"');
      expect(bundled).not.toContain('../common/Error.yaml');
    },
    120_000,
  );

  it.skipIf(!hasShared)(
    'builds it with openapi.root in portal.config.ts',
    async () => {
      const config = `export default {
  title: 'API Preview',
  url: 'https://preview.example',
  navbar: { title: 'Preview', items: [{ type: 'docSidebar', sidebarId: 'api', label: 'API' }] },
  openapi: { path: 'api/petstore/spec/swagger.yaml', root: 'api/petstore' },
};
`;
      const dir = await petstoreSeparate('api-root-config', config);
      const r = await portal(dir, 'build');
      expect(r.exitCode, r.stderr).toBe(0);
      expect(await fs.readFile(path.join(dir, 'build/openapi/swagger.json'), 'utf8')).not.toContain(
        '../common/Error.yaml',
      );
    },
    120_000,
  );

  it.skipIf(!hasShared)(
    'still refuses a $ref that leaves the configured root',
    async () => {
      const dir = await petstoreSeparate('api-root-still-refuses');
      const swagger = path.join(dir, 'api/petstore/spec/swagger.yaml');
      await fs.writeFile(
        swagger,
        (await fs.readFile(swagger, 'utf8')).replace('../common/Error.yaml', '../../../site/portal.config.ts'),
      );
      const r = await portal(
        dir,
        'build',
        '--openapi',
        'api/petstore/spec/swagger.yaml',
        '--openapi-root',
        'api/petstore',
      );
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/site\/portal\.config\.ts, outside the OpenAPI root folder .*api\/petstore;/);
    },
    120_000,
  );

  it('warns about control characters with their line and keeps them out of every output file (issue 20)', async () => {
    const original = await fs.readFile(
      path.join(import.meta.dirname, '../../fixtures/api-shop/openapi/shop.yaml'),
      'utf8',
    );
    const tainted = original
      .replace('  title: Shop API', '  title: "Shop\u0007 API\u001b[2J"')
      .replace('description: Orders placed by customers.', 'description: "Orders\u0000 placed\u000b by customers."');
    expect(tainted).not.toBe(original);
    const dir = await scenario('api-control-chars', { 'openapi/shop.yaml': tainted }, 'api-shop');
    const r = await portal(dir, 'build');
    expect(r.exitCode, r.stderr).toBe(0);
    const titleLine = tainted.split('\n').findIndex((l) => l.includes('Shop\u0007')) + 1;
    expect(r.stderr + r.stdout).toContain(`openapi/shop.yaml:${titleLine}:`);
    expect(r.stderr + r.stdout).toContain('openapi-control-char');
    const files = (await fs.readdir(path.join(dir, 'build'), { recursive: true })).filter((f) =>
      /\.(html|xml|json|txt|js|yaml|md)$/.test(f),
    );
    expect(files.some((f) => f.endsWith('sitemap.xml'))).toBe(true);
    for (const f of files)
      expect(await fs.readFile(path.join(dir, 'build', f), 'utf8'), f).not.toMatch(
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/,
      );
  }, 120_000);
});
