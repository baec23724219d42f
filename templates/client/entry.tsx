import site from 'portal:site-data';
import { hydrateRoot } from 'react-dom/client';
import type { SiteData } from '../types.ts';
import type { BootData } from './boot-data.ts';
import { ClientApp } from './ClientApp.tsx';
import { loadRouteModule } from './chunks.ts';

/** The browser runtime: hydrate the server-rendered page, then take over navigation. */
async function start(): Promise<void> {
  const dataEl = document.getElementById('__PORTAL_DATA__');
  const root = document.getElementById('__portal');
  if (!dataEl || !root) return;
  const boot = JSON.parse(dataEl.textContent ?? '{}') as BootData;
  const route = await loadRouteModule(boot.chunk);
  hydrateRoot(root, <ClientApp site={site as SiteData} boot={boot} initial={{ path: boot.path, route }} />);
  if (boot.liveReload) {
    const { connectLiveReload } = await import('./live-reload.ts');
    connectLiveReload(boot.liveReload);
  }
}

void start();
