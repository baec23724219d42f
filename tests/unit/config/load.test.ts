import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.ts';
import { PortalError } from '../../../src/diagnostics.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-config-load-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The diagnostics loadConfig throws for a site folder. */
async function failure(siteDir: string) {
  const err = await loadConfig(siteDir, path.join(dir, 'cache')).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PortalError);
  return (err as PortalError).diagnostics;
}

describe('loading portal.config.ts from a site folder', () => {
  it('names a missing site folder and says how to point at the right one, instead of a syntax-error hint', async () => {
    const [d] = await failure(path.join(dir, 'missing'));
    expect(d?.code).toBe('site-missing');
    expect(d?.message).toContain(path.join(dir, 'missing'));
    expect(d?.hint).toContain('--site');
  });

  it('names a missing config file in an existing folder', async () => {
    await fs.mkdir(path.join(dir, 'site'));
    const [d] = await failure(path.join(dir, 'site'));
    expect(d?.code).toBe('config-missing');
    expect(d?.file).toBe(path.join(dir, 'site', 'portal.config.ts'));
    expect(d?.hint).not.toContain('syntax');
  });

  it('loads an unchanged config again without importing another copy of it, and sees every edit (serve)', async () => {
    const site = path.join(dir, 'again');
    await fs.mkdir(site);
    const file = path.join(site, 'portal.config.ts');
    // Counts its own evaluations: each one is a module Node keeps for the rest of the process.
    const write = (title: string) =>
      fs.writeFile(
        file,
        `const g = globalThis as { configLoads?: number };\ng.configLoads = (g.configLoads ?? 0) + 1;\nexport default { title: ${JSON.stringify(title)}, url: 'https://again.example' };\n`,
      );
    const evaluations = () => (globalThis as { configLoads?: number }).configLoads ?? 0;
    await write('First');
    const cache = path.join(dir, 'cache-again');
    const first = await loadConfig(site, cache);
    const second = await loadConfig(site, cache);
    expect(second.config.title).toBe('First');
    expect(second.config).toEqual(first.config);
    // Each load hands out its own object: a build changing its copy cannot change the next build's.
    expect(second.config).not.toBe(first.config);
    expect(evaluations()).toBe(1);
    await write('Second');
    expect((await loadConfig(site, cache)).config.title).toBe('Second');
    expect(evaluations()).toBe(2);
  });
});

// Issue 17: `portal build` keeps the config's bundled code on disk; it runs it again each time, and an edit of any
// file the config imports is bundled anew.
describe('the config bundled from the disk cache', () => {
  it('is bundled again when a file it imports changes, and says which files it read', async () => {
    const site = path.join(dir, 'cached-site');
    const bundleCache = path.join(dir, 'bundle-cache');
    await fs.mkdir(site, { recursive: true });
    const helper = path.join(dir, 'shared-title.ts');
    await fs.writeFile(helper, "export const title = 'First';\n");
    await fs.writeFile(
      path.join(site, 'portal.config.ts'),
      "import { title } from '../shared-title.ts';\nexport default { title, url: 'https://example.com' };\n",
    );
    const load = async () => {
      const reads = new Set<string>();
      const { config } = await loadConfig(site, path.join(dir, 'gen'), { reads, bundleCache });
      return { title: config.title, reads };
    };
    const first = await load();
    expect(first.title).toBe('First');
    expect([...first.reads]).toContain(helper);
    const entries = await fs.readdir(bundleCache);
    expect(entries.length).toBe(1);
    expect((await load()).title).toBe('First');
    expect(await fs.readdir(bundleCache)).toEqual(entries);
    await fs.writeFile(helper, "export const title = 'Second';\n");
    expect((await load()).title).toBe('Second');
  });
});

// Every start of build and serve validated the config with zod, whose loading was a sixth of a warm build: a valid
// config of plain data is kept validated, keyed on what it exports and on the code.
describe('the validated config kept for the next run', () => {
  const validated = path.join(dir, 'validated');
  const entries = async () => (await fs.readdir(validated).catch(() => [])).filter((f) => f.endsWith('.config'));
  const site = path.join(dir, 'kept');
  const write = (body: string) => fs.writeFile(path.join(site, 'portal.config.ts'), body);
  const load = () => loadConfig(site, path.join(dir, 'cache'), { validatedCache: validated });

  it('is taken while the config exports the same data, and replaced when it changes', async () => {
    await fs.mkdir(site);
    await write("export default { title: 'Kept', url: 'https://kept.example' };\n");
    const first = await load();
    expect(first.config).toMatchObject({ title: 'Kept', baseUrl: '/' });
    expect(await entries()).toHaveLength(1);
    const [entry] = await entries();
    expect((await load()).config).toEqual(first.config);
    expect(await entries()).toEqual([entry]);

    await write("export default { title: 'Changed', url: 'https://kept.example' };\n");
    expect((await load()).config.title).toBe('Changed');
    expect(await entries()).toHaveLength(1);
    expect(await entries()).not.toEqual([entry]);
  });

  it('is not kept for a config that is invalid or holds more than data, nor trusted when it cannot be read', async () => {
    await write("export default { title: 'Bad', url: 'not a url' };\n");
    await expect(load()).rejects.toBeInstanceOf(PortalError);
    expect(await entries()).toHaveLength(1); // the last valid one, untouched
    await fs.rm(validated, { recursive: true, force: true });
    // A class instance: what its prototype holds is not in the key, so it is validated every time.
    await write("class Config { title = 'Class'; url = 'https://kept.example'; }\nexport default new Config();\n");
    expect((await load()).config.title).toBe('Class');
    expect(await entries()).toEqual([]);

    // An entry this code did not write (another Node's format, a damaged disk) is validated again and written over.
    await write("export default { title: 'Damaged', url: 'https://kept.example' };\n");
    await load();
    const [entry] = await entries();
    await fs.writeFile(path.join(validated, entry as string), 'not a serialised config');
    expect((await load()).config.title).toBe('Damaged');
    expect(await fs.readFile(path.join(validated, entry as string), 'utf8')).not.toBe('not a serialised config');
  });
});
