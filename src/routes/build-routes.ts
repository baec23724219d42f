import type { Diagnostic } from '../diagnostics.js';
import { buildDocsVersions, type BuildDocsVersionsInput, type DocsVersions } from './docs-versions.js';
import { buildRouteTable, type RouteTable, type RouteTableInput } from './route-table.js';
import { buildSiteData } from './site-data.js';

/** What the route stage is made from: the compiled sources of each docs version, the pages, the API routes. */
export interface BuildRoutesInput {
  versions: BuildDocsVersionsInput;
  table: Omit<RouteTableInput, 'docVersions'>;
  configFile: string;
  /** The locale being built (issue 4 item 7); the default locale when unset. */
  locale?: string | undefined;
}

export interface BuiltRoutes {
  /** Each docs version's docs and sidebars, and every version's sidebars as the bundle holds them. */
  versions: DocsVersions;
  /** The shell's data (navbar, footer, locales, versions) and the links of the config, for the link check. */
  siteData: ReturnType<typeof buildSiteData>;
  /** Undefined when the versions or the site data have errors: the table is not made from them. */
  table?: RouteTable | undefined;
  /** Every problem found, errors and warnings, versions' first. */
  diagnostics: Diagnostic[];
}

/**
 * Route stage (pure), the one sequence every caller runs (the build, a page made alone at a fresh start, an edit
 * shown before its rebuild): each version's docs and sidebars, the site data checked against the last version's
 * docs (navbar items), then the route table, not made when either of the first two has errors.
 */
export function buildRoutes(input: BuildRoutesInput): BuiltRoutes {
  const versions = buildDocsVersions(input.versions);
  const { docs, draftIds, sidebars } = versions.last;
  const siteData = buildSiteData({
    config: input.table.config,
    configFile: input.configFile,
    docs,
    draftIds,
    sidebars,
    versions: versions.data,
    locale: input.locale,
  });
  const diagnostics = [...versions.diagnostics, ...siteData.diagnostics];
  if (diagnostics.some((d) => d.severity === 'error')) return { versions, siteData, diagnostics };
  const table = buildRouteTable({ ...input.table, docVersions: versions.contents });
  return { versions, siteData, table, diagnostics: [...diagnostics, ...table.diagnostics] };
}
