import { renderToString } from 'react-dom/server';
import { App, type LoadedRoute } from '../shell/App.tsx';
import type { PageData, SiteData } from '../shared/types.ts';

/** Render stage, React side: one route's body HTML, rendered with a no-op router. */
export function renderRoute({ module, site }: { module: unknown; site: SiteData }): string {
  const route = module as LoadedRoute;
  const page: PageData = route.page;
  return renderToString(<App site={site} route={route} router={{ path: page.path, navigate() {}, prefetch() {} }} />);
}
