import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/commands/build.ts';
import { processSource } from '../../../src/content/process-source.ts';
import type { HotSite } from '../../../src/serve/hot-body.ts';
import { hotRoutes } from '../../../src/serve/hot-body.ts';
import { createPreviewState, disposePreviewState, type PreviewState } from '../../../src/serve/preview-state.ts';
import { fixtureDir, memoryLogger } from '../../helpers/fixtures.ts';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-hot-body-'));
const states: PreviewState[] = [];

/** The route inputs `serve` keeps after a build of a fixture (its default locale), and that fixture's site folder. */
async function hotSiteOf(fixture: string): Promise<{ site: HotSite; siteDir: string }> {
  const preview = createPreviewState();
  states.push(preview);
  const root = fixtureDir(fixture);
  await build({ root, outDir: path.join(scratch, fixture), write: false, log: memoryLogger(), preview });
  const site = preview.hotSites.get('/');
  if (!site) throw new Error(`no route inputs kept for ${fixture}`);
  return { site, siteDir: path.join(root, 'site') };
}

let basic: { site: HotSite; siteDir: string };
let versioned: { site: HotSite; siteDir: string };
beforeAll(async () => {
  basic = await hotSiteOf('basic');
  versioned = await hotSiteOf('versions-two');
}, 60_000);
afterAll(async () => {
  await Promise.all(states.map(disposePreviewState));
  await fs.rm(scratch, { recursive: true, force: true });
});

/** What hotRoutes makes of `file` (relative to the site folder) with `edit` applied to its text. */
async function edited(of: { site: HotSite; siteDir: string }, rel: string, edit: (text: string) => string) {
  const file = path.join(of.siteDir, rel);
  const text = edit(await fs.readFile(file, 'utf8'));
  return hotRoutes(of.site, file, await processSource(text, file));
}

describe('hotRoutes: an edit shown before its rebuild (issue 16)', () => {
  it('gives an edited Markdown body with the page data the route stage computes from it', async () => {
    const routes = await edited(basic, 'docs/intro.mdx', (t) => `${t}\n## Added while open\n\nA new paragraph.\n`);
    expect(routes?.map((r) => r.path)).toEqual(['/docs/intro']);
    const [route] = routes ?? [];
    expect(JSON.stringify(route?.nodes)).toContain('A new paragraph.');
    // The table of contents follows the body; what the front matter and the build gave stays.
    expect(route?.page.toc.map((h) => h.text)).toEqual(['Setup', 'Deep heading', 'Added while open']);
    expect(route?.page).toMatchObject({ title: 'Introduction', description: 'Where the basic fixture starts.' });
    expect(route?.page.kind === 'doc' && route.page.tags?.map((t) => t.label)).toEqual(['welcome']);
  });

  it('gives a page of pages/ too', async () => {
    const routes = await edited(basic, 'pages/about.md', (t) => `${t}\nMore about it.\n`);
    expect(routes?.map((r) => r.path)).toEqual(['/about']);
    expect(JSON.stringify(routes?.[0]?.nodes)).toContain('More about it.');
  });

  it('resolves the links of a doc of another version than the last within its version, as the build does', async () => {
    const routes = await edited(versioned, 'docs/intro.md', (t) => `${t}\nBack to [the intro](/docs/intro).\n`);
    expect(routes?.[0]?.path).toBe('/docs/next/intro');
    expect(routes?.[0]?.page.resolvedLinks).toMatchObject({ '/docs/intro': '/docs/next/intro' });
  });

  it('gives a front matter edit that changes that page alone: the levels and the showing of its table of contents', async () => {
    const routes = await edited(basic, 'docs/intro.mdx', (t) =>
      t.replace('tags: [welcome]', 'tags: [welcome]\ntoc_max_heading_level: 2\nhide_table_of_contents: true'),
    );
    expect(routes?.[0]?.page).toMatchObject({ hideToc: true });
    expect(routes?.[0]?.page.toc.map((h) => h.text)).toEqual(['Setup']);
  });

  it('leaves to the rebuild what changes more than the page: sidebars, tags, slugs, titles, JSX, errors', async () => {
    // A new position reorders the sidebar of every page.
    expect(
      await edited(basic, 'docs/guides/first.md', (t) => t.replace('sidebar_position: 1', 'sidebar_position: 3')),
    ).toBeUndefined();
    // Its title comes from its heading: a new one is a new sidebar label and new prev/next links on its neighbours.
    expect(
      await edited(basic, 'docs/guides/first.md', (t) => t.replace('# First guide', '# First guide, renamed')),
    ).toBeUndefined();
    // Its tag page lists it with its description.
    expect(
      await edited(basic, 'docs/intro.mdx', (t) =>
        t.replace('description: Where the basic fixture starts.', 'description: Start.'),
      ),
    ).toBeUndefined();
    // A new tag is a new tag page; a new slug, a route gone and another one made; a title in the front matter, a new label.
    expect(
      await edited(basic, 'docs/intro.mdx', (t) => t.replace('tags: [welcome]', 'tags: [welcome, start]')),
    ).toBeUndefined();
    expect(
      await edited(basic, 'docs/intro.mdx', (t) => t.replace('---\ntitle', '---\nslug: /start\ntitle')),
    ).toBeUndefined();
    expect(
      await edited(basic, 'docs/intro.mdx', (t) => t.replace('title: Introduction', 'title: Welcome')),
    ).toBeUndefined();
    // The same edit below the heading is the page's alone.
    expect(await edited(basic, 'docs/guides/first.md', (t) => `${t}\nOne more line.\n`)).toHaveLength(1);
    // JSX and expressions compile to code the open page does not have.
    expect(await edited(basic, 'docs/guides/second.mdx', (t) => `${t}\nMore.\n`)).toBeUndefined();
    expect(await edited(basic, 'docs/intro.mdx', (t) => `${t}\n<div>\nunclosed\n`)).toBeUndefined();
  });

  it('knows nothing of files no route came from', async () => {
    const file = path.join(basic.siteDir, 'docs/guides/new.md');
    expect(hotRoutes(basic.site, file, await processSource('# New\n\nText.\n', file))).toBeUndefined();
  });
});
