/**
 * Browser storage keys of the shell (spec §7). Shared by the components and by the pre-paint script that
 * src/render/document.ts inlines, so both read the same entries in the same format.
 */

/** The colour-mode choice: 'light' or 'dark' (spec §4, §9). */
export const THEME_KEY = 'theme';

/** The announcement dismissal: JSON `{"id": <banner id>, "dismissed": true}`. */
export const ANNOUNCEMENT_KEY = 'announcement-bar';

/** The older, misspelt key; a value found there is moved to ANNOUNCEMENT_KEY (spec §7). */
export const LEGACY_ANNOUNCEMENT_KEY = 'annoucement-bar';

/** The preferred docs version, one per docs plugin (spec §7). */
export const preferredVersionKey = (pluginId: string): string => `docs-preferred-version-${pluginId}`;
