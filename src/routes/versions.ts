import type { PortalConfig } from '../config/schema.js';
import { error, type Diagnostic } from '../diagnostics.js';
import { normalizePath } from './slug.js';

/** The name of the version kept in the `docs` folder, the one authors edit (Docusaurus convention). */
export const CURRENT_VERSION = 'current';

export type VersionBanner = 'none' | 'unreleased' | 'unmaintained';

/** One docs version to build: where its files are and where its routes go (issue 4 item 6). */
export interface VersionPlan {
  name: string;
  label: string;
  /** Route prefix of the version's docs: `/docs` for the last version, `/docs/next`, `/docs/1.0`. */
  base: string;
  isLast: boolean;
  banner: VersionBanner;
  /** Docs folder relative to site/: `docs` or `versioned_docs/version-1.0`. */
  contentPath: string;
  /** Sidebars file relative to site/: `sidebars.ts` or `versioned_sidebars/version-1.0-sidebars.json`. */
  sidebarPath: string;
  /**
   * Prefix of the version's sidebar ids in the bundle, where every version's sidebars sit side by side: ''
   * for the last version (so a site without versions keeps its ids), `<name>/` for the others.
   */
  sidebarKeyPrefix: string;
}

export interface VersionPlanInput {
  config: PortalConfig;
  /** Names in `site/versions.json`, newest first; undefined when the file does not exist. */
  versionNames: readonly string[] | undefined;
  configFile: string;
  versionsFile: string;
}

/**
 * Route stage, first step (pure): the docs versions and their routes, Docusaurus-style. The last version
 * (`docs.lastVersion`, else the newest in versions.json, else `current`) is served at routeBasePath, `current`
 * otherwise at `routeBasePath/next`, any other version at `routeBasePath/<name>`; `docs.versions.<name>.path`
 * overrides. Mistakes in the config or in versions.json are errors naming the field and what is allowed.
 */
export function resolveVersionPlans(input: VersionPlanInput): { plans: VersionPlan[]; diagnostics: Diagnostic[] } {
  const { config, configFile } = input;
  const docs = config.docs;
  const diagnostics: Diagnostic[] = [];
  const released = [...(input.versionNames ?? [])];
  const names = [...(docs.includeCurrentVersion ? [CURRENT_VERSION] : []), ...released];
  const configError = (field: string, message: string, hint: string) =>
    diagnostics.push(error('config-invalid', `${field}: ${message}`, { file: configFile, hint }));

  if (names.length === 0) {
    configError(
      'docs.includeCurrentVersion',
      'is false, but site/versions.json lists no version, so there are no docs to build',
      'set includeCurrentVersion to true, or cut a version into site/versions.json',
    );
    return { plans: [], diagnostics };
  }
  const lastName = docs.lastVersion ?? released[0] ?? CURRENT_VERSION;
  if (!names.includes(lastName)) {
    configError(
      'docs.lastVersion',
      `"${lastName}" is not a version of this site. Versions: ${names.join(', ')}`,
      released.length
        ? 'use one of the listed versions'
        : 'create site/versions.json listing that version, or remove lastVersion',
    );
  }
  for (const name of Object.keys(docs.versions)) {
    if (!names.includes(name)) {
      configError(
        `docs.versions.${name}`,
        `"${name}" is not a version of this site. Versions: ${names.join(', ')}`,
        'use "current" or a name from site/versions.json, or remove the entry',
      );
    }
  }
  if (diagnostics.length) return { plans: [], diagnostics };

  const lastIndex = names.indexOf(lastName);
  const plans = names.map((name, index): VersionPlan => {
    const options = docs.versions[name] ?? {};
    const isLast = name === lastName;
    const isCurrent = name === CURRENT_VERSION;
    const defaultPath = isLast ? '' : isCurrent ? 'next' : name;
    return {
      name,
      // A site with a single version calls it "Current"; once there are released versions it is "Next".
      label: options.label ?? (isCurrent ? (names.length === 1 ? 'Current' : 'Next') : name),
      base: normalizePath(`${docs.routeBasePath}/${options.path ?? defaultPath}`),
      isLast,
      // Names are newest first ('current' leads): those before the last version are not released yet.
      banner: options.banner ?? (isLast ? 'none' : index < lastIndex ? 'unreleased' : 'unmaintained'),
      contentPath: isCurrent ? docs.path : `versioned_docs/version-${name}`,
      sidebarPath: isCurrent ? docs.sidebarPath : `versioned_sidebars/version-${name}-sidebars.json`,
      sidebarKeyPrefix: isLast ? '' : `${name}/`,
    };
  });
  const byBase = new Map<string, string>();
  for (const plan of plans) {
    const other = byBase.get(plan.base);
    if (other)
      configError(
        'docs.versions',
        `versions "${other}" and "${plan.name}" are both served at ${plan.base}`,
        `give one of them a different docs.versions.<name>.path`,
      );
    byBase.set(plan.base, plan.name);
  }
  return { plans: diagnostics.length ? [] : plans, diagnostics };
}

/**
 * Checks the parsed `site/versions.json`: an array of distinct version names, each usable as a folder and a
 * route segment, and not `current` (that is the docs folder itself).
 */
export function parseVersionNames(raw: unknown, file: string): { names: string[]; diagnostics: Diagnostic[] } {
  const hint = 'versions.json holds the released version names, newest first, e.g. ["1.1", "1.0"]';
  if (!Array.isArray(raw))
    return {
      names: [],
      diagnostics: [error('versions-invalid', 'versions.json must be a JSON array of version names', { file, hint })],
    };
  const diagnostics: Diagnostic[] = [];
  const names: string[] = [];
  raw.forEach((name, i) => {
    const problem =
      typeof name !== 'string' || name.trim() === ''
        ? `entry ${i} must be a non-empty string, got ${JSON.stringify(name)}`
        : name === CURRENT_VERSION
          ? `entry ${i} is "current", which names the docs folder itself and cannot be a released version`
          : /[/\\?#]|^\.\.?$/.test(name)
            ? `entry ${i} ("${name}") cannot contain "/", "\\", "?" or "#", nor be "." or ".."`
            : names.includes(name)
              ? `entry ${i} ("${name}") is listed twice`
              : undefined;
    if (problem) diagnostics.push(error('versions-invalid', `versions.json: ${problem}`, { file, hint }));
    else names.push(name as string);
  });
  return { names, diagnostics };
}
