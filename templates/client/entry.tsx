import site from 'portal:site-data';
import { hydrateRoot } from 'react-dom/client';
import type { LoadedRoute } from '../shell/App.tsx';
import type { SiteData } from '../shared/types.ts';
import type { BootData } from '../shared/boot-data.ts';
import type { LivePage } from './live-reload.ts';
import { ClientApp } from './ClientApp.tsx';
import { createRouteLoader } from './chunks.ts';
import { showChunkError } from './chunk-error.ts';

/**
 * The browser runtime: load this page's chunk, hydrate the server-rendered page, then take over navigation.
 * When the chunk fails (spec §8), the server's HTML stays readable under an error box with Retry; a retry
 * that succeeds hydrates the page as if nothing had happened, one that fails loads the page again.
 */
async function start(): Promise<void> {
  const dataEl = document.getElementById('__PORTAL_DATA__');
  const root = document.getElementById('__portal');
  if (!dataEl || !root) return;
  const boot = JSON.parse(dataEl.textContent ?? '{}') as BootData;
  // `portal serve`: the connection takes rebuilds in place through the refresh ClientApp puts here (issue 16).
  const live: LivePage | undefined = boot.liveReload ? { base: site.baseUrl, shell: boot.shell } : undefined;
  if (live) {
    void import('./live-reload.ts').then(({ connectLiveReload }) => connectLiveReload(boot.liveReload as string, live));
  }
  const loader = createRouteLoader(boot.manifest);
  const hydrate = (route: LoadedRoute): void => {
    hydrateRoot(
      root,
      <ClientApp site={site as SiteData} loader={loader} initial={{ path: boot.path, route }} live={live} />,
    );
  };
  try {
    hydrate(await loader.loadChunk(boot.chunk));
  } catch (error) {
    // Retry imports the chunk again, and when that fails loads the whole page again: a browser may keep a failed
    // module (the route chunk, or a shared chunk it imports) in the document's module map, and then importing the
    // same URL fails at once without a request (issue 14). A fresh document has a fresh module map.
    showChunkError({ error, retry: () => loader.loadChunk(boot.chunk).catch(reloadPage), onLoaded: hydrate });
  }
}

/** A full load of this page; the promise never settles, as the document goes away. */
function reloadPage(): Promise<never> {
  window.location.reload();
  return new Promise<never>(() => undefined);
}

void start();
