import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// `portal serve` loads the route stage (src/routes/) before its first answer; a schema library reached from there
// (zod, through the front matter's parser) made its restart 0.2 s slower. This holds the route stage to modules
// that do not load one, through every relative import that is not type-only.
const root = path.resolve(import.meta.dirname, '../../..');
const VALUE_IMPORT = /(?:^|[\s;])import\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

function reached(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...text.matchAll(VALUE_IMPORT)].map((m) => m[1] as string);
  seen.set(file, specifiers);
  for (const spec of specifiers.filter((s) => s.startsWith('.'))) {
    const target = path.posix.join(path.posix.dirname(file), spec).replace(/\.js$/, '.ts');
    if (fs.existsSync(path.join(root, target))) reached(target, seen);
  }
  return seen;
}

it('the route stage loads no schema library (zod) through what it imports', () => {
  const seen = new Map<string, string[]>();
  for (const name of fs.readdirSync(path.join(root, 'src/routes')))
    if (name.endsWith('.ts')) reached(`src/routes/${name}`, seen);
  expect(seen.size).toBeGreaterThan(20);
  const zod = [...seen].flatMap(([file, specs]) =>
    specs.filter((s) => /^zod(\/|$)/.test(s)).map((s) => `${file} -> ${s}`),
  );
  expect(zod).toEqual([]);
});
