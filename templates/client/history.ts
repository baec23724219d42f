/** spec §9: default router key length. */
export const ROUTER_KEY_LENGTH = 6;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random history-entry key of exactly ROUTER_KEY_LENGTH characters. */
export function createKey(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(ROUTER_KEY_LENGTH)),
    (b) => ALPHABET[b % ALPHABET.length],
  ).join('');
}

type EntryState = Record<string, unknown> & { key: string };

const stateOf = (): Record<string, unknown> => {
  const s: unknown = window.history.state;
  return s !== null && typeof s === 'object' ? (s as Record<string, unknown>) : {};
};

/** The current history entry's key, if the runtime gave it one. */
export function entryKey(): string | undefined {
  const key = stateOf().key;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Gives the current entry a key when it has none: the first page load, and fragment navigations the browser
 * made on its own (`<a href="#id">`) carry `null` state. Other state fields are kept.
 */
export function ensureEntryKey(): { key: string; created: boolean } {
  const existing = entryKey();
  if (existing) return { key: existing, created: false };
  const state: EntryState = { ...stateOf(), key: createKey() };
  window.history.replaceState(state, '');
  return { key: state.key, created: true };
}

/** Adds (push) or rewrites (replace) the current entry for `href` with a fresh key; returns the key. */
export function writeEntry(href: string, mode: 'push' | 'replace'): string {
  const state: EntryState = { key: createKey() };
  if (mode === 'push') window.history.pushState(state, '', href);
  else window.history.replaceState(state, '', href);
  return state.key;
}
