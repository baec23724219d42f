import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { afterAll, expect, test } from 'vitest';

// A copy of the project, so remaking its bundle never removes the one other tests' CLI runs are loading.
const project = path.resolve(import.meta.dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-stamp-'));
for (const part of ['bin', 'src', 'templates', 'package.json', 'package-lock.json'])
  fs.cpSync(path.join(project, part), path.join(root, part), { recursive: true });
fs.symlinkSync(path.join(project, 'node_modules'), path.join(root, 'node_modules'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const portalDir = path.join(root, '.portal');
const bundles = () => fs.readdirSync(portalDir).filter((f) => /^cli-[0-9a-f]{16}$/.test(f));

// The CLI bundle contains templates/ code (the search indexer's terms): editing it must give a new bundle, or the
// CLI keeps indexing with the old terms while the browser queries with the new ones.
test('the CLI bundle is remade when a bundled templates/ file changes', () => {
  const help = () =>
    execFileSync(process.execPath, [path.join(root, 'bin/portal.js'), '--help'], { cwd: root, encoding: 'utf8' });
  help();
  const before = bundles();
  expect(before).toHaveLength(1);
  const inputs = JSON.parse(fs.readFileSync(path.join(portalDir, 'cli-inputs.json'), 'utf8')) as string[];
  expect(inputs).toContain('templates/shared/search-terms.ts');
  const terms = path.join(root, 'templates/shared/search-terms.ts');
  fs.appendFileSync(terms, '\n');
  help();
  const after = bundles();
  expect(after).toHaveLength(1);
  expect(after).not.toEqual(before);
});

// Issue 15 item 1: the compile worker is bundled with the CLI, once, instead of by every build; and the compile
// cache is keyed on that worker's bytes, so a changed compiler never serves pages it did not compile.
test('the launcher bundles the compile worker beside the CLI, and builds compile with it', async () => {
  const { scenario } = await import('../../helpers/scenario.ts');
  const site = await scenario('launch-worker', {});
  try {
    const build = () =>
      execFileSync(process.execPath, [path.join(root, 'bin/portal.js'), 'build'], {
        cwd: site,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const first = build();
    const [bundle] = bundles();
    const worker = path.join(portalDir, bundle as string, 'compile-worker.mjs');
    expect(fs.existsSync(worker)).toBe(true);
    const inputs = JSON.parse(fs.readFileSync(path.join(portalDir, 'cli-inputs.json'), 'utf8'));
    expect(inputs).toContain('src/content/compile-worker.ts');
    // The render worker too, type-checked TypeScript bundled in the same step (render-bodies.ts finds it there).
    expect(inputs).toContain('src/render/render-worker.ts');
    expect(fs.existsSync(path.join(portalDir, bundle as string, 'render-worker.mjs'))).toBe(true);
    expect(first).toMatch(/compile \d+ MDX files/);
    // No worker script of its own was left, and none was made: the build's compile stage used the bundled one.
    expect(fs.readdirSync(portalDir).filter((f) => f.startsWith('compile-worker-'))).toEqual([]);
    const cached = () =>
      fs
        .readdirSync(path.join(portalDir, 'cache'))
        .filter((f) => f.endsWith('.json'))
        .sort();
    const entries = cached();
    expect(entries.length).toBeGreaterThan(0);
    build();
    expect(cached()).toEqual(entries);
    // Another compiler (here: the same one with a byte more) misses every entry and compiles the pages again.
    fs.appendFileSync(worker, '\n// another compiler\n');
    build();
    expect(cached().length).toBe(entries.length * 2);
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}, 120_000);

// Issue 17: Ajv's code for the OpenAPI schemas is made once, with the bundle, instead of by every build (0.25-0.57 s).
test('the launcher writes the OpenAPI schema validators beside the CLI, and builds validate with them', async () => {
  const { scenario } = await import('../../helpers/scenario.ts');
  const site = await scenario('launch-validators', {}, 'api-shop');
  try {
    execFileSync(process.execPath, [path.join(root, 'bin/portal.js'), '--help'], { cwd: root });
    const [bundle] = bundles();
    for (const version of ['v2', 'v3', 'v31'])
      expect(fs.existsSync(path.join(portalDir, bundle as string, `openapi-validator-${version}.cjs`))).toBe(true);
    // The fixture is OpenAPI 3.1: a validator that finds a problem of its own shows that the build used this file.
    fs.writeFileSync(
      path.join(portalDir, bundle as string, 'openapi-validator-v31.cjs'),
      `module.exports = function validate() {
        validate.errors = [{ instancePath: '/info', keyword: 'required', params: { missingProperty: 'prebuiltMarker' }, message: "must have required property 'prebuiltMarker'" }];
        return false;
      };`,
    );
    let output = '';
    try {
      execFileSync(process.execPath, [path.join(root, 'bin/portal.js'), 'build', '--no-cache'], {
        cwd: site,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, NO_COLOR: '1' },
      });
    } catch (err) {
      const failed = err as { stdout?: string; stderr?: string };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    expect(output).toContain('prebuiltMarker');
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}, 120_000);
