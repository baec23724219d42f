import { createContext, useContext } from 'react';

export interface Router {
  /** Current route path (no base URL). */
  path: string;
  /** Navigates client-side; falls back to a full load where the target cannot be shown in place. */
  navigate(href: string, options?: { replace?: boolean }): void;
  /**
   * Loads and runs a route's chunk ahead of a click, as hovering, focusing or touching an internal link does
   * (once per route; never on slow-2g or data-saving connections).
   */
  prefetch(href: string): void;
  /**
   * In-place updates of the shown page from a rebuild (`portal serve`, issue 16); absent or 0 otherwise. What
   * the page holds from the old build (a crash, the search index) is let go when it changes.
   */
  revision?: number;
}

/** Server rendering passes a no-op router to <App>; the client runtime provides the real one. */
export const RouterContext = createContext<Router | null>(null);

/** spec §8: a hook used outside its provider says so, naming the hook. */
export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Hook useRouter is called outside the <RouterContext.Provider>.');
  return router;
}
