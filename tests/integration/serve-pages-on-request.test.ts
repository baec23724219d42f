import { describe, expect, it } from 'vitest';
import { quietBuild, fixtureDir } from '../helpers/fixtures.ts';
import type { PageRenderer } from '../../src/serve/pending-build.ts';
import { LIVE_RELOAD_PATH } from '../../src/serve/live-reload.ts';
import { createPendingBuild } from '../../src/serve/pending-build.ts';

// `serve` answers a page asked for during a rebuild by rendering it from the build under way (issue 16 item 2):
// the reader must get the very page the build then writes, in every locale.

describe('pages rendered on request during a build', () => {
  it('are byte for byte the pages the build writes, for the default locale and a translated one', async () => {
    const pending = createPendingBuild();
    const renderers: Array<{ prefix: string; render: PageRenderer }> = [];
    const result = await quietBuild({
      root: fixtureDir('locales-two'),
      write: false,
      liveReload: LIVE_RELOAD_PATH,
      onPagesReady: (prefix, render) => {
        renderers.push({ prefix, render });
        pending.addPages(prefix, render);
      },
    });
    expect(renderers.map((r) => r.prefix)).toEqual(['', 'fr/']);
    const pages = result.files.filter((f) => f.path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(4);
    for (const page of pages) {
      const urlPath = `/${page.path.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
      const onRequest = pending.find(urlPath);
      expect(onRequest?.path, urlPath).toBe(page.path);
      expect(String(onRequest?.contents), urlPath).toBe(String(page.contents));
    }
    expect(pending.find('/fr/docs/intro')?.contents).toContain('lang="fr-FR"');
  });
});
