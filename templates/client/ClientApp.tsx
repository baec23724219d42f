import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { App, type LoadedRoute } from '../shell/App.tsx';
import { pathFromLocation } from '../shared/urls.ts';
import type { SiteData } from '../shared/types.ts';
import type { RouteLoader } from './chunks.ts';
import { ensureEntryKey } from './history.ts';
import { createNavigator, type Navigation, type Navigator, scrollToHash, type View } from './navigator.ts';
import { canPrefetch, createIdleHints, createLinkObserver, listenForIntent } from './prefetch.ts';
import { createProgress } from './progress.ts';
import type { Router } from './router-context.tsx';

export interface ClientAppProps {
  site: SiteData;
  loader: RouteLoader;
  initial: { path: string; route: LoadedRoute };
  /** `portal serve`: where the live-reload connection finds the navigator's refresh once the page is hydrated. */
  live?: { refresh?: Navigator['refresh'] | undefined; edit?: Navigator['edit'] | undefined } | undefined;
}

const documentTitle = (site: SiteData, title: string): string =>
  title && title !== site.title ? `${title} | ${site.title}` : site.title;

/** Client runtime: routing with browser history, route chunks, progress bar, spinner and prefetch (issue 4). */
export function ClientApp({ site, loader, initial, live }: ClientAppProps) {
  const [view, setView] = useState<View>({ ...initial, nav: 0, scroll: { to: 'top' }, revision: 0 });
  const [loading, setLoading] = useState(false);
  const [hints] = useState(createIdleHints);
  const notFound = initial.route.page.kind === 'not-found';
  const [nav] = useState<Navigation>(() => ({
    ticket: 0,
    // The not-found page is served for any unknown URL; its route is that URL.
    path: notFound ? pathFromLocation(site, window.location.pathname) : initial.path,
    search: window.location.search,
    key: '',
    positions: new Map(),
    recording: true,
    spinner: undefined,
    prefetched: new Set(),
    progress: createProgress(),
    notFound,
    revision: 0,
    edits: 0,
  }));

  const actions = useMemo(
    () => createNavigator({ site, loader, nav, hints, setView, setLoading }),
    [site, loader, nav, hints],
  );
  useEffect(() => {
    if (!live) return;
    live.refresh = actions.refresh;
    live.edit = actions.edit;
  }, [live, actions]);

  // Entry keys, popstate, and scroll positions per entry.
  useEffect(() => {
    nav.key = ensureEntryKey().key;
    window.history.scrollRestoration = 'manual';
    const onHashChange = () => (nav.key = ensureEntryKey().key);
    const onScroll = () => nav.recording && nav.positions.set(nav.key, window.scrollY);
    // Leaving the document: let the browser restore this entry's scroll when the reader comes back to it.
    const onPageHide = () => (window.history.scrollRestoration = 'auto');
    const onPageShow = () => (window.history.scrollRestoration = 'manual');
    window.addEventListener('popstate', actions.onPopState);
    window.addEventListener('hashchange', onHashChange);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('popstate', actions.onPopState);
      window.removeEventListener('hashchange', onHashChange);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [actions, nav]);

  // Prefetch (spec §2, issue 17): a link hovered, focused or touched loads its chunk at once; links in view
  // are hinted into the cache when the page is idle, a few at a time; after every page change.
  const [links] = useState(() => createLinkObserver(actions.hintUrl));
  useEffect(() => {
    const root = document.getElementById('__portal');
    const stopListening = root ? listenForIntent(root, actions.prefetchUrl) : undefined;
    return () => {
      stopListening?.();
      links.disconnect();
      hints.stop();
    };
  }, [links, hints, actions]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is the trigger: each new page's links are observed afresh
  useEffect(() => {
    const root = document.getElementById('__portal');
    hints.clear();
    if (root && canPrefetch()) links.observe(root);
  }, [view, links, hints]);

  // The new page is in the DOM: title, focus, scroll, and the progress bar completes.
  useLayoutEffect(() => {
    if (view.nav === 0 && view.scroll.to !== 'stay') return;
    document.title = documentTitle(site, view.route.page.title);
    // Updated in place: the reader's focus and scroll stay where they are.
    if (view.scroll.to === 'stay') return;
    focusMain();
    if (view.scroll.to === 'position') window.scrollTo(0, view.scroll.y);
    else if (view.scroll.to === 'top' || !scrollToHash(view.scroll.hash)) window.scrollTo(0, 0);
    nav.recording = true;
    nav.positions.set(nav.key, window.scrollY);
    nav.progress.done();
  }, [view, site, nav]);

  const router = useMemo<Router>(
    () => ({ path: view.path, navigate: actions.navigate, prefetch: actions.prefetch, revision: view.revision }),
    [view.path, view.revision, actions],
  );
  return <App site={site} route={view.route} router={router} loading={loading} />;
}

/** Focus goes to the new page's main area, as a full load would put the reader at its start. */
function focusMain(): void {
  const main = document.getElementById('__main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}
