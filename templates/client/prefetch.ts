interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** spec §2: prefetch is skipped on slow-2g connections and when data saving is on. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return !(connection && (connection.effectiveType === 'slow-2g' || connection.saveData === true));
}

/** Hints downloading at once, at most: the page's own requests and a hovered link's chunk keep the connection. */
export const HINTS_IN_FLIGHT = 3;
/**
 * Route chunks hinted per page, at most: a sidebar puts dozens of links in view, and fetching all of them
 * would cost a first visit more than the page itself (issue 17: ≤ 150 KB of JS in all). The links come in
 * document order, so the page's first links (navbar, the sidebar around the current page, the content's
 * first links) are the ones hinted; any other link is still loaded the moment it is hovered, focused or touched.
 */
export const HINTS_PER_PAGE = 8;

export interface LinkObserver {
  /** Watches the internal links under `root` that it does not watch yet. */
  observe(root: ParentNode): void;
  disconnect(): void;
}

/** Client runtime: calls `onVisible(href)` once for each internal link (`a[data-internal]`) that comes into view. */
export function createLinkObserver(onVisible: (href: string) => void): LinkObserver {
  if (typeof IntersectionObserver === 'undefined') return { observe() {}, disconnect() {} };
  const seen = new WeakSet<Element>();
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      io.unobserve(entry.target);
      const href = entry.target.getAttribute('href');
      if (href) onVisible(href);
    }
  });
  return {
    observe(root) {
      for (const a of root.querySelectorAll('a[data-internal]')) {
        if (seen.has(a)) continue;
        seen.add(a);
        io.observe(a);
      }
    },
    disconnect: () => io.disconnect(),
  };
}

/**
 * Client runtime: calls `onIntent(href)` when the reader is about to follow an internal link: the pointer is
 * over it, it has keyboard focus, or a finger touches it (a touch comes about 100 ms before the click).
 * Delegated from `root`, so links rendered later need no wiring. Returns the function that stops listening.
 */
export function listenForIntent(root: HTMLElement, onIntent: (href: string) => void): () => void {
  const handle = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest('a[data-internal]') : null;
    const href = link?.getAttribute('href');
    if (href) onIntent(href);
  };
  const events = ['mouseover', 'focusin', 'touchstart'] as const;
  for (const type of events) root.addEventListener(type, handle, { passive: true });
  return () => {
    for (const type of events) root.removeEventListener(type, handle);
  };
}

export interface IdleHints {
  /**
   * Queues a route's chunk to be fetched into the HTTP cache once the page is idle, once per key (a route
   * path). `locate` names the chunk's URL (undefined: nothing to fetch); it runs when the hint's turn comes,
   * so even the route manifest is not requested before the page is idle.
   */
  add(key: string, locate: () => Promise<string | undefined>): void;
  /** Drops what is queued and not started (a new page has its own links); hints already sent finish. */
  clear(): void;
  stop(): void;
}

/**
 * Client runtime: fetches route chunks of links in view into the HTTP cache, running none of their code.
 * `<link rel="prefetch">` rather than `modulepreload`: a modulepreload is fetched at high priority and parsed
 * and compiled into this document's module map (work and memory spent on a guess, competing with the page's
 * own requests), while a prefetch is fetched at the lowest priority and only stored; the import that a hover
 * starts then reads it from the cache. Where `rel=prefetch` is not supported (Safari), a low-priority
 * `fetch` in the same mode as a module import (CORS, same-origin credentials) fills the same cache entry.
 * Nothing starts before the page's load event and an idle period, and at most HINTS_IN_FLIGHT run at once.
 */
export function createIdleHints(options: { inFlight?: number; perPage?: number } = {}): IdleHints {
  const maxInFlight = options.inFlight ?? HINTS_IN_FLIGHT;
  const perPage = options.perPage ?? HINTS_PER_PAGE;
  const seen = new Set<string>();
  let queue: Array<{ key: string; locate: () => Promise<string | undefined> }> = [];
  let sentThisPage = 0;
  let running = 0;
  let waiting = false;
  let stopped = false;
  const supportsPrefetch = document.createElement('link').relList?.supports?.('prefetch') === true;

  const send = (url: string): Promise<unknown> => {
    if (!supportsPrefetch)
      return fetch(url, { credentials: 'same-origin', priority: 'low' } as RequestInit).then((r) => r.arrayBuffer());
    return new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      const done = (): void => {
        link.remove();
        resolve();
      };
      link.addEventListener('load', done, { once: true });
      link.addEventListener('error', done, { once: true });
      document.head.append(link);
    });
  };
  const start = (): void => {
    waiting = false;
    while (!stopped && running < maxInFlight && queue.length > 0 && canPrefetch()) {
      const { locate } = queue.shift() as (typeof queue)[number];
      running++;
      void locate()
        .then((url) => (url && canPrefetch() ? send(url) : undefined))
        .catch(() => {
          /* a hint that fails costs nothing: the navigation loads the chunk itself */
        })
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  const pump = (): void => {
    if (waiting || stopped || queue.length === 0 || running >= maxInFlight) return;
    waiting = true;
    whenIdle(start);
  };
  return {
    add(key, locate) {
      if (seen.has(key) || sentThisPage >= perPage) return;
      seen.add(key);
      sentThisPage++;
      queue.push({ key, locate });
      pump();
    },
    clear() {
      // A route dropped unsent may be hinted again from a later page.
      for (const { key } of queue) seen.delete(key);
      queue = [];
      sentThisPage = 0;
    },
    stop() {
      stopped = true;
      queue = [];
    },
  };
}

/** Runs `fn` after the load event, in an idle period (or shortly after, where requestIdleCallback is missing). */
function whenIdle(fn: () => void): void {
  const idle = (): void => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: 2000 });
    else setTimeout(fn, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
