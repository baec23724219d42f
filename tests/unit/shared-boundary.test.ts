import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The build reaches into templates/ only through templates/shared/, the contract both sides compile against
// (issue 15 item 3): anything else there is browser or server-rendering code the build must not depend on.
const root = path.resolve(import.meta.dirname, '../..');
const SHARED = 'templates/shared/';

/** Imports from templates/ outside templates/shared/ that are intended, each with its reason. */
const ALLOWED: Array<{ from: RegExp; to: string; reason: string }> = [
  {
    from: /^src\/bench\//,
    to: 'templates/search/query.ts',
    reason: 'the search benchmark times the browser query engine itself, run in Node on the built index',
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/**
 * Import and re-export declarations (types included) and `import()` calls. A statement starts a line or
 * follows whitespace or `;`, so generated module text inside a string literal (`"import … from '@portal/…'"`)
 * is not taken for one.
 */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The module specifiers a file imports. */
const specifiersOf = (file: string): string[] =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)].map((m) => (m[1] ?? m[2]) as string);

/** Repository paths of the modules a file imports by relative path. */
const importsOf = (file: string): string[] =>
  specifiersOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.posix.join(path.posix.dirname(file), spec).replace(/\.js$/, '.ts'));

it('src/ imports from templates/ only through templates/shared/', () => {
  const intoTemplates = sourceFiles('src').flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith('templates/'))
      .map((target) => ({ file, target })),
  );
  // The scan sees imports at all (the build uses the shared types in dozens of places).
  expect(intoTemplates.filter(({ target }) => target.startsWith(SHARED)).length).toBeGreaterThan(20);
  const crossings = intoTemplates
    .filter(({ target }) => !target.startsWith(SHARED))
    .filter(({ file, target }) => !ALLOWED.some((a) => a.from.test(file) && a.to === target))
    .map(({ file, target }) => `${file} -> ${target}`);
  expect(crossings).toEqual([]);
});

it('templates/shared/ imports nothing outside itself, so both sides can compile it', () => {
  const outside = sourceFiles('templates/shared').flatMap((file) =>
    importsOf(file)
      .filter((target) => !target.startsWith(SHARED))
      .map((target) => `${file} -> ${target}`),
  );
  const packages = sourceFiles('templates/shared').flatMap((file) =>
    specifiersOf(file)
      .filter((spec) => !spec.startsWith('.'))
      .map((spec) => `${file} -> ${spec}`),
  );
  expect([...outside, ...packages]).toEqual([]);
});
