import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashCode } from '../../src/code-hash.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'code-hash-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const write = async (rel: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await fs.writeFile(path.join(root, rel), text);
};

describe('the hash of the running code (what disk caches of its results are keyed on)', () => {
  it('run from the bundle: changes with any script of it and with package-lock.json, not with its folder name', async () => {
    await write('package-lock.json', '{"v":1}');
    await write('.portal/cli-1/cli.js', 'run()');
    await write('.portal/cli-1/load-AB12.js', 'load()');
    const first = await hashCode(path.join(root, '.portal/cli-1/load-AB12.js'), root);
    // The launcher names the bundle's folder after its sources' modification times: a touch makes another folder.
    await fs.rename(path.join(root, '.portal/cli-1'), path.join(root, '.portal/cli-2'));
    const self = path.join(root, '.portal/cli-2/load-AB12.js');
    expect(await hashCode(self, root)).toBe(first);
    await write('.portal/cli-2/load-AB12.js', 'load(1)');
    const edited = await hashCode(self, root);
    expect(edited).not.toBe(first);
    await write('package-lock.json', '{"v":2}');
    expect(await hashCode(self, root)).not.toBe(edited);
  });

  it('run from the sources: changes with any file of src/ or templates/', async () => {
    await write('src/code-hash.ts', 'export {}');
    await write('src/apiref/routes.ts', 'a');
    await write('templates/shared/api-model.ts', 'b');
    const self = path.join(root, 'src/code-hash.ts');
    const first = await hashCode(self, root);
    expect(await hashCode(self, root)).toBe(first);
    await write('src/apiref/routes.ts', 'a2');
    const edited = await hashCode(self, root);
    expect(edited).not.toBe(first);
    await write('templates/shared/api-model.ts', 'b2');
    expect(await hashCode(self, root)).not.toBe(edited);
  });
});
