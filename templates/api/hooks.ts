// The console's import comes first: its module is empty when the console is off, and React's import next to the
// code lets esbuild declare both as one statement, as before (byte-identical output without the console).
import { addConsoleButton } from './console/console-button.ts';
import type { ApiOperationData } from '../shared/api-model.ts';
import { useEffect } from 'react';

export { useHydrated } from '../shell/use-hydrated.ts';

/**
 * The request console's button on an operation page, once hydrated (issue 19). Called only when the site enables
 * the console (PORTAL_API_CONSOLE): here, where React is imported already, so a site without it builds as before.
 */
export function useApiConsoleButton(data: ApiOperationData): void {
  useEffect(() => addConsoleButton(data), [data]);
}
