import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_THREADS,
  cacheKey,
  compileAll,
  compilesEverything,
  createCompileCache,
  isCompiled,
  markCompiled,
  keepOnlyUsed,
  pruneCompileCache,
  startCompilePool,
} from '../../../src/content/compile-pool.ts';

const languages = ['markup-templating', 'liquid', 'php'];
const workerScripts = () =>
  fs
    .readdirSync(path.resolve(import.meta.dirname, '../../../.portal'))
    .filter((f) => f.startsWith(`compile-worker-${process.pid}-`));
const page = (i: number) => ({
  file: `docs/p${i}.mdx`,
  text: `---\ntitle: Page ${i}\n---\n\n## Part ${i}\n\nSee [next](/docs/p${i + 1}).\n`,
});

describe('compile pool', () => {
  it('compiles on a pool started ahead of time, keeps input order, and leaves nothing behind when closed', async () => {
    const pool = startCompilePool({ languages, initial: 1 });
    const inputs = Array.from({ length: 8 }, (_, i) => page(i));
    const results = await compileAll(inputs, { cache: createCompileCache(), languages, pool });
    expect(results.map((r) => r.frontMatter.title)).toEqual(inputs.map((_, i) => `Page ${i}`));
    expect(results.map((r) => r.links[0]?.url)).toEqual(inputs.map((_, i) => `/docs/p${i + 1}`));
    await pool.close();
    await pool.close();
    expect(workerScripts()).toEqual([]);
    await expect(pool.workers(1)).rejects.toThrow(/closed/);
  });

  it('starts before the grammars are known (a cold build, before its config is read) and highlights with them once given', async () => {
    let give: (list: readonly string[]) => void = () => undefined;
    const early = startCompilePool({ languages: new Promise((resolve) => (give = resolve)), initial: 1 });
    const known = startCompilePool({ languages, initial: 1 });
    try {
      // The worker loads the compiler with no grammars yet; they come after it is up, as the config's do.
      await early.workers(1);
      give(languages);
      const doc = {
        file: 'docs/liquid.md',
        text: '# Liquid\n\n```liquid\n{% if product.available %}{{ product.title }}{% endif %}\n```\n',
      };
      const [later] = await compileAll([doc], { cache: createCompileCache(), languages, pool: early });
      const [atOnce] = await compileAll([doc], { cache: createCompileCache(), languages, pool: known });
      expect(JSON.stringify(later)).toContain('token delimiter');
      expect(later).toEqual(atOnce);
    } finally {
      await Promise.all([early.close(), known.close()]);
    }
  });

  it('tells a site compiled into a shared disk cache from one that is not (its first worker starts early then)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cold-'));
    try {
      // A later run of the CLI: nothing in memory, the disk as the runs before left it.
      const nextRun = () => createCompileCache(dir);
      expect(await compilesEverything(nextRun(), '/sites/a/site')).toBe(true);
      // Another site's docs are there: this one's are not.
      const other = nextRun();
      await compileAll([page(1)], { cache: other, languages });
      await markCompiled(other, '/sites/b/site');
      expect(await compilesEverything(nextRun(), '/sites/a/site')).toBe(true);
      expect(await compilesEverything(nextRun(), '/sites/b/site')).toBe(false);
      await markCompiled(nextRun(), '/sites/a/site');
      expect(await compilesEverything(nextRun(), '/sites/a/site')).toBe(false);
      // serve's memory holds what it compiled; with no disk cache (--no-cache) a new process has nothing.
      expect(await compilesEverything(other, '/sites/c/site')).toBe(false);
      expect(await compilesEverything(createCompileCache(), '/sites/a/site')).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each worker the whole list at once, so the workers go on while the main thread is busy elsewhere', async () => {
    const pool = startCompilePool({ languages, initial: 1 });
    try {
      const workers = await pool.workers(COMPILE_THREADS);
      let sent = 0;
      for (const w of workers) {
        const post = w.postMessage.bind(w);
        w.postMessage = (message: unknown) => {
          sent++;
          post(message);
        };
      }
      const inputs = Array.from({ length: 20 }, (_, i) => page(i));
      const compiling = compileAll(inputs, { cache: createCompileCache(), languages, pool });
      // The API stage runs on the main thread meanwhile, for seconds with a large document: here, a busy second.
      const until = Date.now() + 1000;
      while (Date.now() < until);
      const results = await compiling;
      expect(results.map((r) => r.frontMatter.title)).toEqual(inputs.map((_, i) => `Page ${i}`));
      // One message per worker (a core is left to the main thread), not one per file answered: a worker never
      // waits for the main thread's next file.
      expect(sent).toBe(COMPILE_THREADS);
    } finally {
      await pool.close();
    }
  });

  it('answers each caller its own files when two compile on the same workers at once (serve: an edit during a rebuild)', async () => {
    const pool = startCompilePool({ languages, initial: 1 });
    const [rebuild, edit] = await Promise.all([
      compileAll([page(1), page(2), page(3)], { cache: createCompileCache(), languages, pool }),
      compileAll([page(7)], { cache: createCompileCache(), languages, pool }),
    ]);
    expect(rebuild.map((r) => r.frontMatter.title)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(edit.map((r) => r.frontMatter.title)).toEqual(['Page 7']);
    await pool.close();
  });

  it("while held, compiles an urgent batch (serve: a reader's page) and takes nothing more of the others until released", async () => {
    const pool = startCompilePool({ languages, initial: 1 });
    // Warm: the compiler loaded, so the held batch is waiting on the hold, not on the worker's start.
    await compileAll([page(0)], { cache: createCompileCache(), languages, pool });
    let release: () => void = () => undefined;
    pool.hold(new Promise<void>((resolve) => (release = resolve)));
    const cache = createCompileCache();
    let heldDone = false;
    const held = compileAll([page(1), page(2), page(3)], { cache, languages, pool }).then((r) => {
      heldDone = true;
      return r;
    });
    const urgent = await compileAll([page(9)], { cache: createCompileCache(), languages, pool, urgent: true });
    expect(urgent.map((r) => r.frontMatter.title)).toEqual(['Page 9']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heldDone).toBe(false);
    expect(cache.memory.size).toBe(0);
    release();
    expect((await held).map((r) => r.frontMatter.title)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    await pool.close();
  });

  it('takes cached files from memory without compiling them again', async () => {
    const cache = createCompileCache();
    const inputs = [page(1), page(2)];
    const first = await compileAll(inputs, { cache, languages });
    const pool = startCompilePool({ languages, initial: 0 });
    const again = await compileAll(inputs, { cache, languages, pool });
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
    await pool.close();
    expect(workerScripts()).toEqual([]);
  });

  it('keeps in memory only the versions the last build used, so a day of saves does not pile up (serve)', async () => {
    const cache = { ...createCompileCache(), used: new Set<string>() };
    const pool = startCompilePool({ languages, initial: 0 });
    try {
      const edited = (n: number) => ({ ...page(1), text: `${page(1).text}\nSave ${n}.\n` });
      for (let n = 0; n < 3; n++) {
        await compileAll([edited(n), page(2)], { cache, languages, pool });
        keepOnlyUsed(cache);
      }
      expect(cache.memory.size).toBe(2);
      const [last] = await compileAll([edited(2)], { cache, languages, pool });
      expect(JSON.stringify(last)).toContain('Save 2.');
    } finally {
      await pool.close();
    }
  });

  it("tells whether a doc is compiled for this compiler, whatever the site's mark says (serve: a page made alone)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-'));
    const input = page(4);
    const pool = startCompilePool({ languages, initial: 0 });
    try {
      expect(await isCompiled(createCompileCache(dir), pool, languages, input)).toBe(false);
      await compileAll([input], { cache: createCompileCache(dir), languages, pool });
      expect(await isCompiled(createCompileCache(dir), pool, languages, input)).toBe(true);
      expect(
        await isCompiled(createCompileCache(dir), pool, languages, { ...input, text: `${input.text}\nMore.` }),
      ).toBe(false);
      expect(await isCompiled(createCompileCache(dir), pool, ['markup-templating'], input)).toBe(false);
    } finally {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reuses a disk entry made by the same compiler code, and recompiles one made by another', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-'));
    const input = page(3);
    const pool = startCompilePool({ languages, initial: 0 });
    try {
      const current = await pool.codeHash;
      // The same code gives the same key in the next run, or the disk cache would never hit.
      const other = startCompilePool({ languages, initial: 0 });
      expect(await other.codeHash).toBe(current);
      await other.close();
      const [real] = await compileAll([input], { cache: createCompileCache(dir), languages, pool });
      const marked = (title: string) => JSON.stringify({ ...real, frontMatter: { ...real?.frontMatter, title } });
      // An entry under this compiler's key is trusted as is: the disk cache is really read.
      fs.writeFileSync(
        path.join(dir, `${cacheKey(current, languages, input.file, input.text)}.json`),
        marked('from cache'),
      );
      const [same] = await compileAll([input], { cache: createCompileCache(dir), languages, pool });
      expect(same?.frontMatter.title).toBe('from cache');
      // Entries left by an older compiler are not found: the page is compiled again.
      for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
      fs.writeFileSync(
        path.join(dir, `${cacheKey(`${current}-old`, languages, input.file, input.text)}.json`),
        marked('stale'),
      );
      const [fresh] = await compileAll([input], { cache: createCompileCache(dir), languages, pool });
      expect(fresh?.frontMatter.title).toBe('Page 3');
    } finally {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the disk cache kept within bounds', () => {
  it('keeps the most recently used entries, a read counting as a use, and removes the rest and stale temporary files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-'));
    const pool = startCompilePool({ languages, initial: 0 });
    try {
      const codeHash = await pool.codeHash;
      const inputs = Array.from({ length: 6 }, (_, i) => page(i));
      const fileOf = (i: number) => {
        const input = inputs[i] as { file: string; text: string };
        return path.join(dir, `${cacheKey(codeHash, languages, input.file, input.text)}.json`);
      };
      await compileAll(inputs, { cache: createCompileCache(dir), languages, pool });
      // Written a day apart, page 0 first: by age alone, pages 0-2 would go.
      const day = 24 * 60 * 60 * 1000;
      for (let i = 0; i < 6; i++) {
        const t = new Date(Date.now() - (7 - i) * day);
        fs.utimesSync(fileOf(i), t, t);
      }
      // A later build reads page 0 (from disk: a fresh cache, as the next run of the CLI has).
      await compileAll([inputs[0] as { file: string; text: string }], {
        cache: createCompileCache(dir),
        languages,
        pool,
      });
      await expect.poll(() => fs.statSync(fileOf(0)).mtimeMs).toBeGreaterThan(Date.now() - day);
      // What is not an entry of this cache stays; a temporary file of a killed build goes once it is old.
      fs.mkdirSync(path.join(dir, 'bundle'));
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept');
      const tmp = path.join(dir, `${'a'.repeat(40)}.123.x.tmp`);
      fs.writeFileSync(tmp, '{');
      fs.utimesSync(tmp, new Date(Date.now() - day), new Date(Date.now() - day));
      const fresh = path.join(dir, `${'b'.repeat(40)}.124.y.tmp`);
      fs.writeFileSync(fresh, '{');

      // Within its slack over the limit a full cache is not looked at (a build does not state 5,000 files each time):
      // no entry goes, only the stale temporary file. Beyond it, it is pruned down to the limit.
      expect(await pruneCompileCache(dir, 5, 0.2)).toBe(1);
      expect([0, 1, 2, 3, 4, 5].every((i) => fs.existsSync(fileOf(i)))).toBe(true);
      expect(await pruneCompileCache(dir, 4, 0.2)).toBe(2);
      expect([1, 2].map((i) => fs.existsSync(fileOf(i)))).toEqual([false, false]);
      expect(await pruneCompileCache(dir, 3)).toBe(1);
      expect(fs.existsSync(fileOf(0))).toBe(true); // used last
      expect([1, 2, 3].map((i) => fs.existsSync(fileOf(i)))).toEqual([false, false, false]);
      expect([4, 5].map((i) => fs.existsSync(fileOf(i)))).toEqual([true, true]);
      expect(fs.readdirSync(dir).sort()).toEqual(
        [
          path.basename(fileOf(0)),
          path.basename(fileOf(4)),
          path.basename(fileOf(5)),
          'bundle',
          'notes.txt',
          path.basename(fresh),
        ].sort(),
      );
      // A pruned page compiles again, as on any miss.
      const [again] = await compileAll([inputs[1] as { file: string; text: string }], {
        cache: createCompileCache(dir),
        languages,
        pool,
      });
      expect(again?.frontMatter.title).toBe('Page 1');
      expect(fs.existsSync(fileOf(1))).toBe(true);
    } finally {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the disk cache across a crashed compile worker', () => {
  it('keeps every entry written before the crash readable, and the next compile reuses them and compiles the rest', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-crash-'));
    const inputs = Array.from({ length: 6 }, (_, i) => page(10 + i));
    const pool = startCompilePool({ languages, initial: 1 });
    try {
      const cache = createCompileCache(dir);
      const [worker] = await pool.workers(1);
      // The worker dies right after the second page is cached, mid-way through the list.
      const set = cache.memory.set.bind(cache.memory);
      cache.memory.set = (key, value) => {
        const result = set(key, value);
        if (cache.memory.size === 2) void worker?.terminate();
        return result;
      };
      await expect(compileAll(inputs, { cache, languages, pool })).rejects.toThrow(
        /compiling docs\/p1\d\.mdx stopped the worker/,
      );
      const written = fs.readdirSync(dir);
      expect(written.filter((f) => !f.endsWith('.json'))).toEqual([]);
      expect(written.length).toBeGreaterThanOrEqual(2);
      for (const f of written) expect(() => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))).not.toThrow();
      // An entry written again is a new file renamed over the old (writeCached); a read only touches its time.
      const inodes = () => written.map((f) => fs.statSync(path.join(dir, f)).ino);
      const before = inodes();

      // The same pool replaces its dead worker; the pages cached before the crash are read, not compiled again.
      const again = createCompileCache(dir);
      const results = await compileAll(inputs, { cache: again, languages, pool });
      expect(results.map((r) => r.frontMatter.title)).toEqual(inputs.map((_, i) => `Page ${10 + i}`));
      expect(inodes()).toEqual(before);
      expect(fs.readdirSync(dir)).toHaveLength(inputs.length);
    } finally {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a compile worker that died between two tasks', () => {
  it('fails the next task at once, naming the file, instead of waiting forever for its answer', async () => {
    const pool = startCompilePool({ languages, initial: 1 });
    try {
      const [worker] = await pool.workers(1);
      if (!worker) throw new Error('no worker');
      await worker.terminate();
      // A pool that still hands out the dead worker, as compileAll's loop holds it between two tasks.
      const stale = { ...pool, workers: async () => [worker] };
      await expect(compileAll([page(1)], { cache: createCompileCache(), languages, pool: stale })).rejects.toThrow(
        /compiling docs\/p1\.mdx stopped the worker \(exit code \d+\)/,
      );
    } finally {
      await pool.close();
    }
  }, 10_000);
});
