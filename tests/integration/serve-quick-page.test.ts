import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { PortalError } from '../../src/diagnostics.ts';
import type { OutputFile } from '../../src/output/write.ts';
import { LIVE_RELOAD_PATH } from '../../src/serve/live-reload.ts';
import type { QuickSite } from '../../src/serve/quick-site.ts';
import { memoryLogger } from '../helpers/fixtures.ts';
import { scenario } from '../helpers/scenario.ts';

// issue 16 item 2: after a fresh start, `portal serve` answers the first pages asked for before its first build can
// render any, each made alone (src/serve/quick-site.ts). A reader must see the page the build then makes.

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/**
 * The first build of a fresh start with `asked` requested as soon as the site is scanned (as a reader's waiting
 * tab does), and the build's own output to compare them with.
 */
async function quickAndBuilt(base: string, asked: readonly string[], files: Record<string, string> = {}) {
  const dir = await scenario(`quick-${base}`, files, base);
  dirs.push(dir);
  let quick: QuickSite | undefined;
  const made = new Map<string, Promise<OutputFile | undefined>>();
  const built = await build({
    root: dir,
    log: memoryLogger(),
    diskCache: false,
    liveReload: LIVE_RELOAD_PATH,
    onQuickSite: (q) => {
      quick = q;
      for (const p of asked) made.set(p, q.page(p));
    },
  }).catch((err: unknown) => err);
  const pages = new Map<string, OutputFile | undefined>();
  for (const [p, page] of made) pages.set(p, await page);
  // As serve does once its first build is done: the quick site's bundles leave the project's .portal folder.
  await quick?.close();
  const output = (rel: string) => fs.readFile(path.join(dir, 'build', rel), 'utf8');
  return { quick: quick as QuickSite, pages, built, output, dir };
}

/** A page's body without its scripts: what a reader sees, the boot data (which names the client build) left out. */
const seen = (html: string) => /<body>[\s\S]*<\/body>/.exec(html.replace(/<script[\s\S]*?<\/script>/g, ''))?.[0];

describe('a page made alone while the first build of a fresh start is under way', () => {
  it("shows what the build's page shows: a doc, a doc titled by its heading, the home page, a tag and a category page", async () => {
    const asked = ['/docs/intro', '/docs/guides/first', '/', '/docs/tags/welcome', '/docs/category/guides'];
    const { quick, pages, built, output } = await quickAndBuilt('basic', asked);
    expect(built).not.toBeInstanceOf(Error);
    for (const [p, file] of [
      ['/docs/intro', 'docs/intro/index.html'],
      ['/docs/guides/first', 'docs/guides/first/index.html'],
      ['/', 'index.html'],
      ['/docs/tags/welcome', 'docs/tags/welcome/index.html'],
      ['/docs/category/guides', 'docs/category/guides/index.html'],
    ] as const) {
      const page = pages.get(p);
      expect(page?.path, p).toBe(file);
      expect(seen(String(page?.contents)), p).toBe(seen(await output(file)));
    }
    // Its scripts, stylesheet, chunks and manifest are its own build's, served while no build has them.
    const html = String(pages.get('/docs/guides/first')?.contents);
    const own = [...html.matchAll(/"(\/_portal\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(own.length).toBeGreaterThan(3);
    for (const url of own) expect(quick.clientFile(url), url).toBeDefined();
    expect(html).toContain(`"liveReload":"${LIVE_RELOAD_PATH}"`);
  });

  it("shows a doc's images kept beside it, as the build's page does, and serves them until the build has", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>\n';
    const { quick, pages, built, output } = await quickAndBuilt('basic', ['/docs/guides/pictures'], {
      'site/docs/guides/pictures.md': '# Pictures\n\n![Flow](./img/flow.svg)\n',
      'site/docs/guides/img/flow.svg': svg,
    });
    expect(built).not.toBeInstanceOf(Error);
    const page = String(pages.get('/docs/guides/pictures')?.contents);
    expect(seen(page)).toBe(seen(await output('docs/guides/pictures/index.html')));
    const src = /<img src="([^"]+)" alt="Flow"/.exec(page)?.[1] ?? '';
    expect(src).toMatch(/^\/_portal\/files\/flow-[0-9a-f]{8}\.svg$/);
    expect(Buffer.from(quick.clientFile(src)?.contents ?? '').toString()).toBe(svg);
  });

  it('serves the static folder meanwhile, and nothing else of the disk', async () => {
    const { quick } = await quickAndBuilt('basic', []);
    const dot = await quick.staticFile('/img/dot.svg');
    expect(Buffer.from(dot?.contents ?? '').toString()).toContain('<svg');
    expect(await quick.staticFile('/img/../../portal.config.ts')).toBeUndefined();
    expect(await quick.staticFile('/portal.config.ts')).toBeUndefined();
    expect(await quick.staticFile('/img/missing.png')).toBeUndefined();
  });

  it('leaves to the build what it cannot make alone: the API reference, a path of no route, a doc that does not compile', async () => {
    const { pages, built } = await quickAndBuilt('api-shop', ['/docs/intro', '/docs/api', '/docs/nowhere'], {
      'site/docs/broken.mdx': '---\ntitle: Broken\n---\n\n<Unclosed\n',
    });
    // The build reports the doc that does not compile, as before.
    expect(built).toBeInstanceOf(PortalError);
    expect(pages.get('/docs/api')).toBeUndefined();
    expect(pages.get('/docs/nowhere')).toBeUndefined();
    expect(String(pages.get('/docs/intro')?.contents)).toContain('<h1');
    const broken = await quickAndBuilt('api-shop', ['/docs/broken'], {
      'site/docs/broken.mdx': '---\ntitle: Broken\n---\n\n<Unclosed\n',
    });
    expect(broken.pages.get('/docs/broken')).toBeUndefined();
  });

  it("links the navbar's API sidebar item where the build's does, before the document is read", async () => {
    const { pages, built, output } = await quickAndBuilt('api-shop', ['/docs/intro']);
    expect(built).not.toBeInstanceOf(Error);
    const navbar = (html: string) => /<nav[^>]*class="navbar[\s\S]*?<\/nav>/.exec(html)?.[0];
    const quickNavbar = navbar(String(pages.get('/docs/intro')?.contents));
    expect(quickNavbar).toContain('>API</a>');
    expect(quickNavbar).toBe(navbar(await output('docs/intro/index.html')));
  });
});
