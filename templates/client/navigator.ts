import type { LoadedRoute } from '../shell/App.tsx';
import { pathFromLocation, routeHref } from '../shared/urls.ts';
import type { SiteData } from '../shared/types.ts';
import type { RouteLoader } from './chunks.ts';
import { ensureEntryKey, writeEntry } from './history.ts';
import { canPrefetch, type IdleHints } from './prefetch.ts';
import { PROGRESS, type Progress } from './progress.ts';

/** Like the progress bar: a route change faster than this shows no spinner either. */
const SPINNER_DELAY_MS = PROGRESS.delayMs;

/** A path with a file extension that the manifest does not list is a static file: the server answers it. */
export const FILE_PATH = /\.[a-z0-9]{1,8}$/i;

/** Where the window scrolls once a page is shown; `stay`: nowhere, the page was updated in place (`portal serve`). */
export type ScrollIntent =
  | { to: 'top' }
  | { to: 'hash'; hash: string }
  | { to: 'position'; y: number }
  | { to: 'stay' };

export interface View {
  path: string;
  route: LoadedRoute;
  /** The navigation that showed this view; 0 for the hydrated first page. */
  nav: number;
  scroll: ScrollIntent;
  /** In-place updates shown so far (Navigation.revision): Router.revision. */
  revision: number;
}

/** The runtime's navigation bookkeeping: one object per ClientApp, mutated by its handlers. */
export interface Navigation {
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
  /** The shown page is the not-found page: its path is no route. */
  notFound: boolean;
  /** In-place updates of the shown page from a rebuild (`portal serve`). */
  revision: number;
  /** Edits shown in place before their rebuild (`portal serve`): a refresh begun before one leaves the page alone. */
  edits: number;
}

/** What the navigator changes outside itself: ClientApp's state and the runtime's shared services. */
export interface NavigatorDeps {
  site: SiteData;
  loader: RouteLoader;
  nav: Navigation;
  hints: IdleHints;
  setView(view: View | ((shown: View) => View)): void;
  setLoading(loading: boolean): void;
}

export interface Navigator {
  /** Router.navigate: a client-side navigation to a route href (base URL and trailing slash added). */
  navigate(href: string, options?: { replace?: boolean }): void;
  /** The window's popstate handler: back/forward. */
  onPopState(): void;
  /** A link about to be followed (browser href): its chunk is loaded and run now. */
  prefetchUrl(href: string): void;
  /** A link in view (browser href): its chunk is fetched into the HTTP cache when the page is idle. */
  hintUrl(href: string): void;
  /** Router.prefetch: prefetchUrl for a route href. */
  prefetch(href: string): void;
  /**
   * `portal serve` (issue 16 item 3): shows the current route again from a rebuild's manifest, in place, scroll and
   * sidebar kept. False when its route is gone (a full load then shows the not-found page with its status);
   * rejects when loading fails.
   */
  refresh(manifestUrl: string): Promise<boolean>;
  /**
   * `portal serve`: shows the route `change` makes of the shown one, in place, when `path` is the page shown and
   * `change` makes one (an edited body before its rebuild, src/serve/hot-body.ts).
   */
  edit(path: string, change: (shown: LoadedRoute) => LoadedRoute | undefined): void;
}

/**
 * Where a navigation scrolls once its page is shown: back/forward to an entry with a saved position returns
 * there; otherwise a fragment's heading, otherwise the top.
 */
export const scrollIntent = (hash: string, saved?: number): ScrollIntent =>
  saved !== undefined ? { to: 'position', y: saved } : hash ? { to: 'hash', hash } : { to: 'top' };

/**
 * Client runtime: routing with browser history, route chunks, the progress bar, the spinner and prefetch,
 * as handlers over ClientApp's navigation bookkeeping (`nav`) and state setters.
 */
export function createNavigator({ site, loader, nav, hints, setView, setLoading }: NavigatorDeps): Navigator {
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
      nav.notFound = route.page.kind === 'not-found';
      setLoading(false);
      setView({ path, route, nav: ticket, scroll, revision: nav.revision });
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
    if (path !== nav.path || url.search !== nav.search) return show(url, mode, scrollIntent(url.hash));
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
    show(url, 'none', scrollIntent(url.hash, saved));
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

  const refresh = async (manifestUrl: string): Promise<boolean> => {
    const { ticket, path, search, edits } = nav;
    loader.useManifest(manifestUrl);
    nav.prefetched.clear();
    if (!(await loader.has(path)) && !nav.notFound) return false;
    const route = await loader.load(path);
    // A navigation begun meanwhile shows its own page, from the new manifest; an edit shown meanwhile is newer.
    if (ticket !== nav.ticket || path !== nav.path || search !== nav.search || edits !== nav.edits) return true;
    nav.notFound = route.page.kind === 'not-found';
    setView({ path, route, nav: ticket, scroll: { to: 'stay' }, revision: ++nav.revision });
    return true;
  };

  const edit = (path: string, change: (shown: LoadedRoute) => LoadedRoute | undefined): void => {
    if (path !== nav.path || nav.notFound) return;
    const edits = nav.edits + 1;
    // The revision stays: the search index and the rest of the build are still the last one (Router.revision).
    setView((shown) => {
      const route = shown.path === path ? change(shown.route) : undefined;
      if (!route) return shown;
      nav.edits = edits;
      return { ...shown, route, scroll: { to: 'stay' } };
    });
  };

  return {
    navigate,
    onPopState,
    prefetchUrl,
    hintUrl,
    prefetch: (href: string) => prefetchUrl(routeHref(site, href)),
    refresh,
    edit,
  };
}

/** The element id a URL fragment names: `#caf%C3%A9` is `café`; a malformed escape is kept as written. */
export function hashId(hash: string): string {
  const id = hash.slice(1);
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** Scrolls a heading into view; the html element's scroll-padding-top keeps it clear of the sticky navbar. */
export function scrollToHash(hash: string): boolean {
  const id = hashId(hash);
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}
