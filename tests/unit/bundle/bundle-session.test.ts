import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
