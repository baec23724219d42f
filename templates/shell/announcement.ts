import { ANNOUNCEMENT_KEY, LEGACY_ANNOUNCEMENT_KEY } from '../shared/storage-keys.ts';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/**
 * spec §4 / §7: the dismissal lives under `announcement-bar` as `{"id": <banner id>, "dismissed": true}`; a value
 * under the older misspelt key is moved there first. The pre-paint script in src/render/document.ts does
 * the same in plain JS: keep the two in step.
 */
export function migrateAnnouncementStorage(): void {
  const legacy = readStorage(LEGACY_ANNOUNCEMENT_KEY);
  if (legacy === null) return;
  if (readStorage(ANNOUNCEMENT_KEY) === null) writeStorage(ANNOUNCEMENT_KEY, legacy);
  removeStorage(LEGACY_ANNOUNCEMENT_KEY);
}

/** True when the reader closed the banner with this id; a changed id shows the bar again (spec §4). */
export function isAnnouncementDismissed(id: string): boolean {
  migrateAnnouncementStorage();
  const raw = readStorage(ANNOUNCEMENT_KEY);
  if (!raw) return false;
  try {
    const value = JSON.parse(raw) as { id?: unknown; dismissed?: unknown } | null;
    return !!value && value.id === id && value.dismissed === true;
  } catch {
    return false;
  }
}

export function storeAnnouncementDismissed(id: string): void {
  writeStorage(ANNOUNCEMENT_KEY, JSON.stringify({ id, dismissed: true }));
}
