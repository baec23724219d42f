import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, type LoadedRoute } from '../shell/App.tsx';
import { pathFromLocation, routeHref } from '../site-context.tsx';
import type { SiteData } from '../types.ts';
import type { BootData } from './boot-data.ts';
import { loadManifest, loadRouteModule } from './chunks.ts';
import type { Router } from './router-context.tsx';

interface Current {
  path: string;
  route: LoadedRoute;
}

const documentTitle = (site: SiteData, title: string): string => (title && title !== site.title ? `${title} | ${site.title}` : site.title);

/** Client-side routing with browser history: loads the target route's chunk, then swaps the page. */
export function ClientApp({ site, boot, initial }: { site: SiteData; boot: BootData; initial: Current }) {
  const [current, setCurrent] = useState<Current>(initial);
  const [loading, setLoading] = useState(false);
  const pending = useRef(0);

  const resolveChunk = useCallback(async (path: string): Promise<string | undefined> => {
    const manifest = await loadManifest(boot.manifest);
    return manifest[path] ?? manifest['/404'];
  }, [boot.manifest]);

  const show = useCallback(
    async (url: URL, mode: 'push' | 'replace' | 'pop') => {
      const path = pathFromLocation(site, url.pathname);
      const ticket = ++pending.current;
      setLoading(true);
      let route: LoadedRoute;
      try {
        const chunk = await resolveChunk(path);
        if (!chunk) throw new Error(`no chunk for ${path}`);
        route = await loadRouteModule(chunk);
      } catch {
        // spec §8: when the route preload fails, the page reloads.
        window.location.assign(url.href);
        return;
      }
      if (ticket !== pending.current) return;
      if (mode === 'push') window.history.pushState({ key: Math.random().toString(36).slice(2, 8) }, '', url.href);
      if (mode === 'replace') window.history.replaceState(window.history.state, '', url.href);
      setCurrent({ path, route });
      setLoading(false);
      document.title = documentTitle(site, route.page.title);
      requestAnimationFrame(() => {
        const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
        if (target) target.scrollIntoView();
        else if (mode !== 'pop') window.scrollTo(0, 0);
        document.getElementById('__main')?.focus({ preventScroll: true });
      });
    },
    [site, resolveChunk],
  );

  useEffect(() => {
    const onPop = () => void show(new URL(window.location.href), 'pop');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  const router = useMemo<Router>(
    () => ({
      path: current.path,
      navigate(href) {
        const url = new URL(routeHref(site, href), window.location.href);
        const path = pathFromLocation(site, url.pathname);
        if (path === current.path && url.hash) {
          window.history.pushState({ key: Math.random().toString(36).slice(2, 8) }, '', url.href);
          document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
          return;
        }
        void show(url, 'push');
      },
      prefetch(href) {
        const path = pathFromLocation(site, new URL(routeHref(site, href), window.location.href).pathname);
        void resolveChunk(path).then((chunk) => chunk && loadRouteModule(chunk)).catch(() => {});
      },
    }),
    [current.path, site, show, resolveChunk],
  );

  return <App site={site} route={current.route} router={router} loading={loading} />;
}
