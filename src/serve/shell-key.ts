import { createHash } from 'node:crypto';
import type { AssetManifest } from '../bundle/client.js';
import type { PortalConfig } from '../config/schema.js';

/**
 * The shell key of a locale's build (LiveBuild in templates/shared/live-update.ts): it changes with the
 * runtime and its shared chunks (the shell, the site data and templates/ are bundled into them), the
 * stylesheet, and the config, which also shapes what the HTML around a page says. A doc's body or front
 * matter changes none of them, so an open page can take such an edit in place.
 */
export function shellKey(config: PortalConfig, manifest: AssetManifest): string {
  const parts = JSON.stringify([manifest.runtime, manifest.css, manifest.runtimeImports, config]);
  return createHash('sha1').update(parts).digest('hex').slice(0, 12);
}
