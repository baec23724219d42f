import type { SidebarItem } from '../../templates/shared/types.js';
import type { Diagnostic } from '../diagnostics.js';
import type { Route } from '../routes/route.js';

/**
 * What the API reference adds to a build. Apart from routes.ts, so a site without an OpenAPI document does not
 * load the reference's parser, highlighter and Markdown renderer.
 */
export interface ApiContribution {
  routes: Route[];
  sidebarItems: SidebarItem[];
  /** Extra files, e.g. the downloadable document. */
  files: Array<{ path: string; contents: string }>;
  diagnostics: Diagnostic[];
}

export const emptyApi: ApiContribution = { routes: [], sidebarItems: [], files: [], diagnostics: [] };
