import type { PortalConfig } from '../config/schema.js';
import { normalizePath, slugify } from '../routes/slug.js';

/**
 * The API reference's category (spec §1/§2): the sidebar opens with it and its page lists the reference. Its own
 * module, without the document's parser, as `serve` links to it before the document is read (quick-site.ts).
 */
export function apiCategory(config: PortalConfig): { label: string; path: string } {
  const label = config.openapi?.categoryLabel ?? 'API reference';
  return { label, path: normalizePath(`${config.docs.routeBasePath}/category/${slugify(label)}`) };
}
