import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../src/bundle/bundle-disk-cache.ts';
import {
  type BundleSession,
  createBundleSession,
  disposeBundleSession,
  runBundle,
  warmBundleContexts,
} from '../../../src/bundle/bundle-session.ts';
import type { GeneratedFile } from '../../../src/bundle/route-modules.ts';
import { entryBundleOptions } from '../../helpers/bundle-options.ts';
import { createPreviewState, disposePreviewState } from '../../../src/serve/preview-state.ts';
import { build } from '../../../src/commands/build.ts';
import { createCompileCache } from '../../../src/content/compile-pool.ts';
import { memoryLogger } from '../../helpers/fixtures.ts';
import { scenario } from '../../helpers/scenario.ts';

const dir = await scenario('bundle-session', {});
const preview = createPreviewState();
// What this test compares is bundling with and without serve's contexts; the MDX compile is shared (keyed on the
// sources), so ten builds do not compile the same files ten times.
const cache = createCompileCache();
afterAll(async () => {
  await disposePreviewState(preview);
  await fs.rm(dir, { recursive: true, force: true });
});

const files = async (withSession: boolean) => {
  const result = await build({
    root: dir,
    write: false,
    log: memoryLogger(),
    cache,
    ...(withSession ? { preview } : {}),
  });
  return result.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]);
};

// Issue 16 item 1: serve rebuilds its esbuild contexts instead of bundling from scratch; what it serves must be
// what a fresh build makes, after an edit, an added page and a removed one alike.
describe('bundling with the contexts serve keeps between rebuilds', () => {
  it('makes the same files as a fresh build, edit after edit', async () => {
    expect(await files(true)).toEqual(await files(false));
    expect(preview.bundles.contexts.size).toBe(2);
    // Every body came from the cache on a rebuild with nothing changed.
    const bodies = new Map(preview.bodies.entries);
    expect(bodies.size).toBeGreaterThan(0);
    expect(await files(true)).toEqual(await files(false));
    expect([...preview.bodies.entries.keys()].sort()).toEqual([...bodies.keys()].sort());
    const intro = path.join(dir, 'site/docs/intro.mdx');
    await fs.appendFile(intro, '\nA paragraph added while serving.\n');
    const edited = await files(true);
    expect(edited).toEqual(await files(false));
    expect(
      edited.some(([, b64]) =>
        Buffer.from(b64 as string, 'base64')
          .toString('utf8')
          .includes('A paragraph added while serving.'),
      ),
    ).toBe(true);
    // A new page is a new entry point: a new context, and still the same output.
    await fs.writeFile(path.join(dir, 'site/docs/added.md'), '# Added\n\nNew page.\n');
    expect(await files(true)).toEqual(await files(false));
    await fs.rm(path.join(dir, 'site/docs/added.md'));
    expect(await files(true)).toEqual(await files(false));
  }, 120_000);
});

// An edit of the API document's text changes no module the bundles read: serve's rebuild takes the last bundles
// again instead of running esbuild (~0.45 s of the ~1.4 s before the edited operation page showed it).
describe('a rebuild that changes nothing a bundle reads', () => {
  const work = path.join(dir, 'unchanged-inputs');
  const say = path.join(work, 'lib', 'say.ts');
  const genDir = path.join(work, '.gen');
  const generated = (text: string): GeneratedFile[] => [
    { rel: 'entry.js', contents: `import { said } from ${JSON.stringify(say)};\nconsole.log(said, ${text});\n` },
  ];
  const session = createBundleSession();
  afterAll(() => disposeBundleSession(session));
  const bundle = (text: string, changed: string[] | undefined, write = false) => {
    session.changed = changed;
    return runBundle({ session }, write ? 'server' : 'client', genDir, generated(text), {
      ...entryBundleOptions(genDir),
      write,
    });
  };
  const text = (result: { outputFiles?: Array<{ text: string }> | undefined }) =>
    (result.outputFiles ?? []).map((f) => f.text).join();

  it('is the last bundle again when no input, nor a file beside one, is among the changed files', async () => {
    await fs.mkdir(path.dirname(say), { recursive: true });
    await fs.writeFile(say, 'export const said = "one";\n');
    const first = await bundle('1', undefined);
    expect(await bundle('1', [path.join(work, 'openapi', 'shop.yaml')])).toBe(first);
    // The same modules after an input's edit, a new file beside an input, or another package.json: esbuild again.
    await fs.writeFile(say, 'export const said = "two";\n');
    const edited = await bundle('1', [say]);
    expect(edited).not.toBe(first);
    expect(text(edited)).toContain('"two"');
    const beside = await bundle('1', [path.join(work, 'lib', 'say.tsx')]);
    expect(beside).not.toBe(edited);
    expect(await bundle('1', [path.join(work, 'lib')])).not.toBe(beside);
    expect(await bundle('1', [path.join(work, 'package.json')])).not.toBe(edited);
    // Other generated modules, or a build whose changes are not known (the first of a session): esbuild again.
    expect(text(await bundle('2', []))).toContain('console.log(said, 2)');
    const again = await bundle('2', undefined);
    expect(await bundle('2', [])).toBe(again);
  }, 60_000);

  it('writes again what the last bundle wrote, which its build had removed with the generation folder', async () => {
    await bundle('3', undefined, true);
    const out = path.join(genDir, 'out', 'entry.js');
    const written = await fs.readFile(out, 'utf8');
    expect(written).toContain('console.log(said, 3)');
    await fs.rm(genDir, { recursive: true, force: true });
    await bundle('3', [path.join(work, 'openapi', 'shop.yaml')], true);
    expect(await fs.readFile(out, 'utf8')).toBe(written);
  }, 60_000);
});

// A `serve` started again after its output was removed, or replaced by `portal build`: its first bundles come from
// the disk cache when nothing they were made from has changed, and their contexts are made after the first build.
describe("a serve session's bundles and the disk cache", () => {
  const work = path.join(dir, 'disk-session');
  const cacheDir = path.join(work, '.cache');
  const say = path.join(work, 'say.ts');
  let generation = 0;
  const genDirOf = () => path.join(work, `.gen-${++generation}`);
  const generated = (text: string): GeneratedFile[] => [
    { rel: 'entry.js', contents: `import { said } from ${JSON.stringify(say)};\nconsole.log(said, ${text});\n` },
  ];
  /** One bundle of the session, in a generation folder of its own, as each `serve` has. */
  const bundleIn = (session: BundleSession, text: string, genDir = genDirOf()) =>
    runBundle({ session, diskCache: cacheDir }, 'client', genDir, generated(text), entryBundleOptions(genDir));
  const texts = (result: { outputFiles?: Array<{ text: string }> | undefined }) =>
    (result.outputFiles ?? []).map((f) => f.text);
  /** A file saved long enough ago that a session may keep a bundle read from it. */
  const saveOld = async (file: string, text: string) => {
    await fs.writeFile(file, text);
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(file, old, old);
  };
  const sessions: BundleSession[] = [];
  const newSession = () => {
    const session = createBundleSession({ writeQuietMs: 20 });
    sessions.push(session);
    return session;
  };
  afterAll(() => Promise.all(sessions.map(disposeBundleSession)));
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('keeps its newest bundle once quiet, and takes it at its next start without a context', async () => {
    await fs.mkdir(work, { recursive: true });
    await saveOld(say, 'export const said = "first";\n');
    const first = newSession();
    const built = await bundleIn(first, '1');
    expect(texts(built).join()).toContain('first');
    expect(first.contexts.size).toBe(1);
    await quiet();
    await first.writing;

    // The next session: the same bundle, from the disk, and no esbuild context yet.
    const second = newSession();
    const nextGen = genDirOf();
    const taken = await bundleIn(second, '1', nextGen);
    expect(texts(taken)).toEqual(texts(built));
    expect(second.contexts.size).toBe(0);
    // Made after the first build, so an edit's rebuild finds it; that rebuild sees the edit.
    await warmBundleContexts(second);
    expect(second.contexts.size).toBe(1);
    const context = second.contexts.values().next().value;
    const rebuilt = await bundleIn(second, '2', nextGen);
    expect(second.contexts.values().next().value).toBe(context);
    expect(texts(rebuilt).join()).toContain('console.log(said, 2)');
  }, 60_000);

  it('bundles again when an input changed, and does not keep a bundle whose input was saved during it', async () => {
    await saveOld(say, 'export const said = "second";\n');
    const session = newSession();
    const built = await bundleIn(session, '1');
    expect(texts(built).join()).toContain('second');
    expect(session.contexts.size).toBe(1);
    // Saved just now, after the build began: its new digest must not name the older bundle.
    await fs.writeFile(say, 'export const said = "third";\n');
    await quiet();
    await session.writing;
    const gen = genDirOf();
    expect(await readBundle(cacheDir, gen, generated('1'), entryBundleOptions(gen))).toBeUndefined();
  }, 60_000);
});

describe('serve started again after its output went (`portal build`, or removed)', () => {
  it('takes the bundles of its first build from the disk cache, makes their contexts after it, and rebuilds edits', async () => {
    const site = await scenario('bundle-session-restart', {});
    try {
      // Saved long before these sessions, as a site's files are when an author starts `serve`.
      const old = new Date(Date.now() - 60_000);
      for (const name of await fs.readdir(site, { recursive: true })) await fs.utimes(path.join(site, name), old, old);
      const diskCache = createCompileCache(path.join(site, '.cache'));
      const session = () => ({ ...createPreviewState(), bundles: createBundleSession({ writeQuietMs: 10 }) });
      const files = async (state?: ReturnType<typeof session>) =>
        (
          await build({
            root: site,
            write: false,
            log: memoryLogger(),
            // Without a session, nothing from the disk: bundled from scratch.
            ...(state ? { cache: diskCache, preview: state } : { cache: createCompileCache() }),
          })
        ).files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]);
      const first = session();
      const second = session();
      try {
        const made = await files(first);
        expect(first.bundles.contexts.size).toBe(2);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await first.bundles.writing;

        const taken = await files(second);
        expect(taken).toEqual(made);
        expect(second.bundles.contexts.size).toBe(0);
        // The warmed server context writes into the generation folder the build removed: tracked for a signal's
        // clean-up, and removed with the session.
        const tracked = new Set<string>();
        await warmBundleContexts(second.bundles, (dir) => tracked.add(dir));
        expect(second.bundles.contexts.size).toBe(2);
        expect(tracked.size).toBe(1);
        const [genDir] = tracked;
        await fs.access(path.join(genDir as string, 'server.cjs'));
        const contexts = [...second.bundles.contexts.values()];
        await fs.appendFile(path.join(site, 'site/docs/intro.mdx'), '\nA paragraph added after the restart.\n');
        const edited = await files(second);
        expect([...second.bundles.contexts.values()]).toEqual(contexts);
        expect(edited).toEqual(await files());
        expect(edited.some(([, b64]) => Buffer.from(b64 as string, 'base64').includes('added after the restart'))).toBe(
          true,
        );
      } finally {
        await Promise.all([disposePreviewState(first), disposePreviewState(second)]);
      }
      // A third start, disposed right after its contexts are warmed (no later build to remove their folder).
      const third = session();
      await files(third);
      expect(third.bundles.contexts.size).toBe(0);
      const tracked = new Set<string>();
      await warmBundleContexts(third.bundles, (dir) => tracked.add(dir));
      const [genDir] = tracked;
      await fs.access(path.join(genDir as string, 'server.cjs'));
      await disposePreviewState(third);
      await expect(fs.access(genDir as string)).rejects.toThrow();
    } finally {
      await fs.rm(site, { recursive: true, force: true });
    }
  }, 120_000);
});
