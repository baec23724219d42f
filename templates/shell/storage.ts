/**
 * The shell's only door to browser storage (spec §7, §8): localStorage; when storage is unavailable (access
 * throws) a warning is logged once and the site carries on without storing; any use while rendering on the
 * server is a bug and throws `Illegal storage API usage`.
 */

// Which windows were already warned about; keyed by window so each page warns once (issue 3, item 11).
const warned = new WeakSet<object>();

function assertBrowser(key: string): void {
  if (typeof window === 'undefined') {
    throw new Error(
      `Illegal storage API usage for storage key "${key}". Browser storage is not available while rendering on the server: read and write it in effects and event handlers only.`,
    );
  }
}

function warnOnce(key: string, err: unknown): void {
  if (warned.has(window)) return;
  warned.add(window);
  console.warn(
    `Browser storage is unavailable (using key "${key}"); preferences will last until the page is closed.`,
    err,
  );
}

/** The stored value, or null when absent or when storage is unavailable. */
export function readStorage(key: string): string | null {
  assertBrowser(key);
  try {
    return window.localStorage.getItem(key);
  } catch (err) {
    warnOnce(key, err);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  assertBrowser(key);
  try {
    window.localStorage.setItem(key, value);
  } catch (err) {
    warnOnce(key, err);
  }
}

export function removeStorage(key: string): void {
  assertBrowser(key);
  try {
    window.localStorage.removeItem(key);
  } catch (err) {
    warnOnce(key, err);
  }
}

/** Calls back when another tab changes `key` (the `storage` event never fires in the tab that wrote). */
export function listenStorage(key: string, onChange: (value: string | null) => void): () => void {
  assertBrowser(key);
  const handler = (event: StorageEvent) => {
    // event.key is null when another tab cleared the whole storage.
    if (event.key === key || event.key === null) onChange(event.key === null ? null : event.newValue);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
