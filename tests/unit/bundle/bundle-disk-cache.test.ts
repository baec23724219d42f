import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../src/bundle/bundle-disk-cache.ts';
import { runBundle } from '../../../src/bundle/bundle-session.ts';
import type { GeneratedFile } from '../../../src/bundle/route-modules.ts';
import { entryBundleOptions } from '../../helpers/bundle-options.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bundle-cache-'));
const cacheDir = path.join(root, '.cache');
const site = path.join(root, 'site');
afterAll(() => fs.rm(root, { recursive: true, force: true }));

// Each build has a generation folder of its own; a kept bundle is used from the next build's.
let builds = 0;
const genDirOf = () => path.join(root, `.gen-${++builds}`);
const generated = (text: string): GeneratedFile[] => [
  {
    rel: 'entry.js',
    contents: `import { said } from ${JSON.stringify(`${site}/say`)};\nconsole.log(said, ${text});\n`,
  },
];
const bundle = async (text = '"a"') => {
  const genDir = genDirOf();
  const result = await runBundle(
    { diskCache: cacheDir },
    'client',
    genDir,
    generated(text),
    entryBundleOptions(genDir),
  );
  return (result.outputFiles ?? []).map((f) => [path.relative(genDir, f.path), f.text]);
};
const kept = async (text = '"a"') => {
  const genDir = genDirOf();
  return (await readBundle(cacheDir, genDir, generated(text), entryBundleOptions(genDir))) !== undefined;
};

describe('bundles kept on disk between builds', () => {
  it('are used only while everything esbuild read, or would resolve differently, is unchanged', async () => {
    await fs.mkdir(site, { recursive: true });
    await fs.writeFile(path.join(site, 'say.ts'), 'export const said: string = "from ts";\n');
    const first = await bundle();
    expect(first[0]?.[1]).toContain('from ts');
    expect(await kept()).toBe(true);
    // The same outputs, named as in the new generation folder.
    const genDir = genDirOf();
    const hit = await readBundle(cacheDir, genDir, generated('"a"'), entryBundleOptions(genDir));
    expect(hit?.outputFiles?.map((f) => [path.relative(genDir, f.path), f.text])).toEqual(first);

    // Other generated modules or options: another entry.
    expect(await kept('"b"')).toBe(false);

    // An input's bytes.
    await fs.writeFile(path.join(site, 'say.ts'), 'export const said: string = "edited";\n');
    expect(await kept()).toBe(false);
    expect((await bundle())[0]?.[1]).toContain('edited');
    expect(await kept()).toBe(true);

    // A file that takes over the import (esbuild tries .tsx before .ts), never read before.
    await fs.writeFile(path.join(site, 'say.tsx'), 'export const said = "from tsx";\n');
    expect(await kept()).toBe(false);
    expect((await bundle())[0]?.[1]).toContain('from tsx');
    expect(await kept()).toBe(true);

    // A tsconfig.json above the inputs (it can change how they compile).
    await fs.writeFile(path.join(root, 'tsconfig.json'), '{}\n');
    expect(await kept()).toBe(false);
  });
});
