// The console's import comes first: its module is empty when the console is off, and React's import next to the
// code lets esbuild declare both as one statement, as before (byte-identical output without the console).
import { addConsoleButton } from './console/console-button.ts';
import type { ApiOperationData } from '../shared/api-model.ts';
import { useEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the first paint hydrates, true after, and true at once for a
 * page mounted by client navigation: progressive parts (tabs, copy buttons) switch on without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The request console's button on an operation page, once hydrated (issue 19). Called only when the site enables
 * the console (PORTAL_API_CONSOLE): here, where React is imported already, so a site without it builds as before.
 */
export function useApiConsoleButton(data: ApiOperationData): void {
  useEffect(() => addConsoleButton(data), [data]);
}
