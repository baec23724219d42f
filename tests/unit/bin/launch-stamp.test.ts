import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { afterAll, expect, test } from 'vitest';

// A copy of the project, so remaking its bundle never removes the one other tests' CLI runs are loading.
const project = path.resolve(import.meta.dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-stamp-'));
for (const part of ['bin', 'src', 'templates', 'package.json', 'package-lock.json']) fs.cpSync(path.join(project, part), path.join(root, part), { recursive: true });
fs.symlinkSync(path.join(project, 'node_modules'), path.join(root, 'node_modules'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const portalDir = path.join(root, '.portal');
const bundles = () => fs.readdirSync(portalDir).filter((f) => /^cli-[0-9a-f]{16}$/.test(f));

// The CLI bundle contains templates/ code (the search indexer's terms): editing it must give a new bundle, or the
// CLI keeps indexing with the old terms while the browser queries with the new ones.
test('the CLI bundle is remade when a bundled templates/ file changes', () => {
  const help = () => execFileSync(process.execPath, [path.join(root, 'bin/portal.js'), '--help'], { cwd: root, encoding: 'utf8' });
  help();
  const before = bundles();
  expect(before).toHaveLength(1);
  const inputs = JSON.parse(fs.readFileSync(path.join(portalDir, 'cli-inputs.json'), 'utf8')) as string[];
  expect(inputs).toContain('templates/search/terms.ts');
  const terms = path.join(root, 'templates/search/terms.ts');
  fs.appendFileSync(terms, '\n');
  help();
  const after = bundles();
  expect(after).toHaveLength(1);
  expect(after).not.toEqual(before);
});
