import { useCallback, useSyncExternalStore } from 'react';

/**
 * The tab chosen last in each Docusaurus tab group (`<Tabs groupId="package-manager">`): every set of the group shows
 * it, on this page and on the next ones the reader opens in this visit. Kept in memory, not in browser storage: the
 * storage the site uses is fixed by the spec (§7), and a new visit starts from each set's default tab.
 */
const chosen = new Map<string, string>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The group's chosen value (none before a choice, and on the server) and how to choose one; nothing without a group. */
export function useTabGroup(groupId: string | undefined): [string | undefined, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => (groupId === undefined ? undefined : chosen.get(groupId)),
    () => undefined,
  );
  const choose = useCallback(
    (next: string) => {
      if (groupId === undefined || chosen.get(groupId) === next) return;
      chosen.set(groupId, next);
      for (const listener of listeners) listener();
    },
    [groupId],
  );
  return [value, choose];
}
