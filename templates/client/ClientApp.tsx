import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { App, type LoadedRoute } from '../shell/App.tsx';
import { pathFromLocation, routeHref } from '../shared/urls.ts';
import type { SiteData } from '../shared/types.ts';
import type { RouteLoader } from './chunks.ts';
import { ensureEntryKey, writeEntry } from './history.ts';
import { canPrefetch, createIdleHints, createLinkObserver, listenForIntent } from './prefetch.ts';
import { createProgress, PROGRESS, type Progress } from './progress.ts';
import type { Router } from './router-context.tsx';

/** Like the progress bar: a route change faster than this shows no spinner either. */
const SPINNER_DELAY_MS = PROGRESS.delayMs;

/** A path with a file extension that the manifest does not list is a static file: the server answers it. */
const FILE_PATH = /\.[a-z0-9]{1,8}$/i;

/** Where the window scrolls once a page is shown. */
type ScrollIntent = { to: 'top' } | { to: 'hash'; hash: string } | { to: 'position'; y: number };

interface View {
  path: string;
  route: LoadedRoute;
  /** The navigation that showed this view; 0 for the hydrated first page. */
  nav: number;
  scroll: ScrollIntent;
}

/** The runtime's navigation bookkeeping: one object per ClientApp, mutated by its handlers. */
interface Navigation {
  ticket: number;
  /** The shown view's path and query: a popstate to them only scrolls. */
  path: string;
  search: string;
  /** The current history entry's key, and each entry's last scroll position. */
  key: string;
  positions: Map<string, number>;
  /** Off while a back/forward navigation loads, so scrolling the old page cannot overwrite the saved position. */
  recording: boolean;
  spinner: ReturnType<typeof setTimeout> | undefined;
  /** Paths whose chunks a hover, focus or touch has loaded (and run). */
  prefetched: Set<string>;
  progress: Progress;
}

export interface ClientAppProps {
  site: SiteData;
  loader: RouteLoader;
  initial: { path: string; route: LoadedRoute };
}

const documentTitle = (site: SiteData, title: string): string =>
  title && title !== site.title ? `${title} | ${site.title}` : site.title;

/** Client runtime: routing with browser history, route chunks, progress bar, spinner and prefetch (issue 4). */
export function ClientApp({ site, loader, initial }: ClientAppProps) {
  const [view, setView] = useState<View>({ ...initial, nav: 0, scroll: { to: 'top' } });
  const [loading, setLoading] = useState(false);
  const [hints] = useState(createIdleHints);
  const [nav] = useState<Navigation>(() => ({
    ticket: 0,
    // The not-found page is served for any unknown URL; its route is that URL.
    path: initial.route.page.kind === 'not-found' ? pathFromLocation(site, window.location.pathname) : initial.path,
    search: window.location.search,
    key: '',
    positions: new Map(),
    recording: true,
    spinner: undefined,
    prefetched: new Set(),
    progress: createProgress(),
  }));

  const actions = useMemo(() => {
    const fullLoad = (url: URL): void => window.location.assign(url.href);
    const settle = (): number => {
      clearTimeout(nav.spinner);
      nav.spinner = undefined;
      setLoading(false);
      return ++nav.ticket;
    };

    /** Loads the target's chunk (at once when prefetched), then swaps the page; a failed load reloads (spec §8). */
    const show = (url: URL, entry: 'push' | 'replace' | 'none', scroll: ScrollIntent) => {
      const path = pathFromLocation(site, url.pathname);
      const ticket = settle();
      const commit = (route: LoadedRoute): void => {
        if (ticket !== nav.ticket) return;
        clearTimeout(nav.spinner);
        if (entry !== 'none') {
          if (entry === 'push') nav.positions.set(nav.key, window.scrollY);
          nav.key = writeEntry(url.href, entry);
        }
        nav.path = path;
        nav.search = url.search;
        setLoading(false);
        setView({ path, route, nav: ticket, scroll });
      };
      if (loader.known(path) === false && FILE_PATH.test(path)) return fullLoad(url);
      const ready = loader.peek(path);
      if (ready) return commit(ready);
      nav.progress.start();
      nav.spinner = setTimeout(() => ticket === nav.ticket && setLoading(true), SPINNER_DELAY_MS);
      loader
        .has(path)
        .then((known) => {
          if (!known && FILE_PATH.test(path)) throw new Error(`${path} is a file, not a route`);
          return loader.load(path);
        })
        .then(commit, (err: unknown) => {
          if (ticket !== nav.ticket) return;
          console.error(`Portal: loading ${url.pathname} failed; loading the page in full instead.`, err);
          fullLoad(url);
        });
    };

    const navigate = (href: string, options?: { replace?: boolean }) => {
      const url = new URL(routeHref(site, href), window.location.href);
      if (url.origin !== window.location.origin) return fullLoad(url);
      const path = pathFromLocation(site, url.pathname);
      const mode = options?.replace || url.href === window.location.href ? 'replace' : 'push';
      if (path !== nav.path || url.search !== nav.search)
        return show(url, mode, url.hash ? { to: 'hash', hash: url.hash } : { to: 'top' });
      // Same page: only the hash (or nothing) changes; no chunk to load.
      settle();
      nav.progress.done();
      if (mode === 'push') nav.positions.set(nav.key, window.scrollY);
      nav.key = writeEntry(url.href, mode);
      if (!url.hash || !scrollToHash(url.hash)) window.scrollTo(0, 0);
    };

    const onPopState = (): void => {
      const left = nav.key;
      const { key, created } = ensureEntryKey();
      // The entry we left keeps its position (scrolling is manual, so the window has not moved yet); not so
      // after the browser's own fragment navigation (a new, keyless entry), which has already scrolled.
      if (!created && nav.recording) nav.positions.set(left, window.scrollY);
      nav.key = key;
      const url = new URL(window.location.href);
      const path = pathFromLocation(site, url.pathname);
      const saved = nav.positions.get(key);
      if (path === nav.path && url.search === nav.search) {
        // Back/forward between entries of the shown page. A new key means the browser's own fragment
        // navigation, which already scrolled.
        settle();
        nav.progress.done();
        if (saved !== undefined) window.scrollTo(0, saved);
        else if (!created && url.hash) scrollToHash(url.hash);
        return;
      }
      nav.recording = false;
      show(
        url,
        'none',
        saved !== undefined ? { to: 'position', y: saved } : url.hash ? { to: 'hash', hash: url.hash } : { to: 'top' },
      );
    };

    /** The route path of a same-origin link worth prefetching, if any. */
    const prefetchable = (href: string): string | undefined => {
      const url = new URL(href, window.location.href);
      const path = pathFromLocation(site, url.pathname);
      return url.origin !== window.location.origin || path === nav.path || nav.prefetched.has(path) || !canPrefetch()
        ? undefined
        : path;
    };
    const ignore = (): void => {
      /* a failed prefetch costs nothing: the navigation loads (or reloads) on its own */
    };

    /** A link about to be followed: its chunk is loaded and run now, so the click renders in its own frame. */
    const prefetchUrl = (href: string): void => {
      const path = prefetchable(href);
      if (path === undefined) return;
      nav.prefetched.add(path);
      // Only routes the manifest lists: a link to a static file is not a page.
      loader
        .has(path)
        .then((known) => (known ? loader.load(path) : undefined))
        .catch(ignore);
    };

    /** A link in view: its chunk goes into the HTTP cache when the page is idle, without running. */
    const hintUrl = (href: string): void => {
      const path = prefetchable(href);
      if (path !== undefined && !loader.peek(path))
        hints.add(path, () => (nav.prefetched.has(path) ? Promise.resolve(undefined) : loader.chunkUrl(path)));
    };

    return {
      navigate,
      onPopState,
      prefetchUrl,
      hintUrl,
      prefetch: (href: string) => prefetchUrl(routeHref(site, href)),
    };
  }, [site, loader, nav, hints]);

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
    if (view.nav === 0) return;
    document.title = documentTitle(site, view.route.page.title);
    focusMain();
    if (view.scroll.to === 'position') window.scrollTo(0, view.scroll.y);
    else if (view.scroll.to === 'top' || !scrollToHash(view.scroll.hash)) window.scrollTo(0, 0);
    nav.recording = true;
    nav.positions.set(nav.key, window.scrollY);
    nav.progress.done();
  }, [view, site, nav]);

  const router = useMemo<Router>(
    () => ({ path: view.path, navigate: actions.navigate, prefetch: actions.prefetch }),
    [view.path, actions],
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

/** Scrolls a heading into view; the html element's scroll-padding-top keeps it clear of the sticky navbar. */
function scrollToHash(hash: string): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep it encoded */
  }
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}
