import { createContext, useContext } from 'react';

export interface Router {
  /** Current route path (no base URL). */
  path: string;
  /** Navigates client-side; falls back to a full load where the route is unknown. */
  navigate(href: string, options?: { replace?: boolean }): void;
  /** Starts loading a route's chunk ahead of a click. */
  prefetch(href: string): void;
}

/** Server rendering and first paint use this no-op router; the client runtime provides the real one. */
export const RouterContext = createContext<Router>({ path: '/', navigate() {}, prefetch() {} });

export const useRouter = (): Router => useContext(RouterContext);
