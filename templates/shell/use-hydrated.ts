import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the first paint hydrates, true after, and true at once for a
 * page mounted by client navigation: progressive parts (tabs, copy buttons, long sidebars) switch on without a
 * hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
