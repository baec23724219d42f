import type { PortalConfig } from '../config/schema.js';
import type { NavbarItem } from '../config/navbar-items.js';
import { error, type Diagnostic } from '../diagnostics.js';
import type { DocsVersion, FooterLink, Locale, NavItem, SidebarItem, SiteData } from '../../templates/types.js';
import { isExternalUrl } from '../../templates/shared/urls.js';
import type { DocEntry } from './docs.js';
import { versionData } from './docs-versions.js';
import { firstLink } from './sidebars.js';
import { resolveVersionPlans } from './versions.js';

/** A link written in the config (navbar, footer), for the link check. */
export interface ConfigLink {
  url: string;
  where: string;
  /** A file the page loads (logo, social card) rather than a page to link to. */
  isImage?: boolean;
}

export interface SiteDataInput {
  config: PortalConfig;
  configFile: string;
  docs: readonly DocEntry[];
  draftIds: readonly string[];
  sidebars: Record<string, SidebarItem[]>;
  /** Every docs version (issue 4 item 6); without it, the docs above are the site's single version. */
  versions?: DocsVersion[];
  /** The locale being built (issue 4 item 7); the default locale when unset. */
  locale?: string | undefined;
}

/** Resolves navbar items against docs and sidebars (spec §5 errors) and shapes the site-wide data. */
export function buildSiteData(input: SiteDataInput): {
  site: SiteData;
  links: ConfigLink[];
  diagnostics: Diagnostic[];
} {
  const { config, configFile } = input;
  const diagnostics: Diagnostic[] = [];
  const links: ConfigLink[] = [];
  const docById = new Map(input.docs.map((d) => [d.id, d]));
  const drafts = new Set(input.draftIds);
  const versions = input.versions ?? [singleVersion(input)];
  const fail = (where: string, message: string, hint: string) =>
    diagnostics.push(error('navbar-item-invalid', `${where}: ${message}`, { file: configFile, hint }));

  const resolveItem = (item: NavbarItem, i: number): NavItem[] => {
    const where = `navbar.items[${i}] (${item.type}${item.label ? ` "${item.label}"` : ''})`;
    const position = item.position;
    switch (item.type) {
      case 'default': {
        const url = item.to ?? item.href;
        if (!url) {
          fail(where, 'a link needs `to` or `href`', 'check the navbar item configuration');
          return [];
        }
        links.push({ url, where });
        return [
          {
            type: 'link',
            label: item.label ?? url,
            href: url,
            external: isExternalUrl(url),
            position,
            ...(item.to ? { activeBase: item.to } : {}),
          },
        ];
      }
      case 'dropdown':
        for (const sub of item.items)
          if (sub.to ?? sub.href)
            links.push({ url: (sub.to ?? sub.href) as string, where: `${where} > "${sub.label}"` });
        return [
          {
            type: 'dropdown',
            label: item.label,
            position,
            ...((item.to ?? item.href) ? { href: (item.to ?? item.href) as string } : {}),
            items: item.items.map((sub) => ({
              label: sub.label,
              href: sub.to ?? sub.href ?? '#',
              external: isExternalUrl(sub.href ?? ''),
            })),
          },
        ];
      case 'doc': {
        if (drafts.has(item.docId)) return []; // spec §5: a draft doc yields nothing, and no error
        const doc = docById.get(item.docId);
        if (!doc) {
          fail(
            where,
            `unknown doc id "${item.docId}". Available doc ids: ${[...docById.keys()].sort().join(', ')}`,
            'use one of the listed ids',
          );
          return [];
        }
        return [
          {
            type: 'link',
            label: item.label ?? doc.sidebarLabel,
            href: doc.path,
            external: false,
            position,
            activeBase: doc.path,
            docId: doc.id,
          },
        ];
      }
      case 'docSidebar': {
        const sidebar = input.sidebars[item.sidebarId];
        if (!sidebar) {
          fail(
            where,
            `unknown sidebar id "${item.sidebarId}". Available sidebar ids: ${Object.keys(input.sidebars).sort().join(', ')}`,
            'use one of the listed sidebar ids',
          );
          return [];
        }
        const href = firstLink(sidebar);
        if (!href) {
          fail(
            where,
            `sidebar "${item.sidebarId}" has nothing to link to`,
            'add at least one doc or link to that sidebar',
          );
          return [];
        }
        return [
          {
            type: 'link',
            label: item.label ?? item.sidebarId,
            href,
            external: false,
            position,
            activeBase: commonBase(sidebar) ?? href,
            sidebarId: item.sidebarId,
          },
        ];
      }
      case 'search':
        return [{ type: 'search', position }];
      case 'html':
        return [{ type: 'html', value: item.value, position }];
      case 'localeDropdown':
        return [{ type: 'localeDropdown', position, ...(item.label ? { label: item.label } : {}) }];
      case 'docsVersionDropdown':
        return [{ type: 'docsVersionDropdown', position }];
      case 'docsVersion': {
        const last = versions.find((v) => v.isLast);
        if (item.to) links.push({ url: item.to, where });
        return [
          {
            type: 'docsVersion',
            position,
            href: item.to ?? last?.mainDocPath ?? config.docs.routeBasePath,
            ...(item.label ? { label: item.label } : {}),
            ...(item.to ? { to: item.to } : {}),
          },
        ];
      }
    }
  };

  // Each resolved item remembers its config path, for the render-time error message (spec §8).
  const items = config.navbar.items.flatMap((item, i) =>
    resolveItem(item, i).map((resolved): NavItem => ({ ...resolved, configPath: `navbar.items[${i}]` })),
  );
  const footer = config.footer;
  const footerLink = (
    l: { label: string; to?: string | undefined; href?: string | undefined; html?: string | undefined },
    where: string,
  ): FooterLink => {
    const url = l.to ?? l.href;
    if (url) links.push({ url, where });
    return {
      label: l.label,
      ...(url ? { href: url } : {}),
      ...(l.html ? { html: l.html } : {}),
      external: url ? isExternalUrl(url) : false,
    };
  };
  const locales: Locale[] = config.i18n.locales.map((name) => ({
    name,
    label: config.i18n.localeConfigs[name]?.label ?? localeName(name),
    htmlLang: config.i18n.localeConfigs[name]?.htmlLang ?? name,
    prefix: name === config.i18n.defaultLocale ? '' : `/${name}`,
  }));
  const logo = config.navbar.logo;
  const site: SiteData = {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    ...(config.trailingSlash !== undefined ? { trailingSlash: config.trailingSlash } : {}),
    ...(config.favicon ? { favicon: config.favicon } : {}),
    navbar: {
      ...(config.navbar.title ? { title: config.navbar.title } : {}),
      ...(logo ? { logo: { ...stripUndefined(logo), href: logo.href ?? '/' } } : {}),
      ...(config.navbar.style ? { style: config.navbar.style } : {}),
      hideOnScroll: config.navbar.hideOnScroll,
      items,
    },
    ...(footer
      ? {
          footer: {
            style: footer.style,
            links: footer.links.map((entry, i) =>
              'items' in entry
                ? {
                    title: entry.title,
                    items: entry.items.map((l, j) => footerLink(l, `footer.links[${i}].items[${j}]`)),
                  }
                : { items: [footerLink(entry, `footer.links[${i}]`)] },
            ),
            ...(footer.logo ? { logo: stripUndefined(footer.logo) } : {}),
            ...(footer.copyright ? { copyright: footer.copyright } : {}),
          },
        }
      : {}),
    ...(config.announcementBar ? { announcementBar: config.announcementBar } : {}),
    colorMode: config.colorMode,
    locales,
    currentLocale: input.locale ?? config.i18n.defaultLocale,
    versions,
    docsPluginId: 'default',
  };
  // The social card must exist under site/static: the link check fails the build naming the config field.
  if (config.image) links.push({ url: `/${config.image}`, where: 'the social card (`image`)', isImage: true });
  return { site, links, diagnostics };
}

/** The site's one docs version when the build passes none: the docs and sidebars given, as `current`. */
function singleVersion(input: SiteDataInput): DocsVersion {
  const plan = resolveVersionPlans({
    config: input.config,
    versionNames: undefined,
    configFile: input.configFile,
    versionsFile: '',
  }).plans[0];
  const docSidebar = new Map<string, string>();
  const walk = (sidebarId: string, items: readonly SidebarItem[]): void => {
    for (const item of items) {
      if (item.type === 'link' && item.docId && !docSidebar.has(item.docId)) docSidebar.set(item.docId, sidebarId);
      if (item.type === 'category') walk(sidebarId, item.items);
    }
  };
  for (const [id, items] of Object.entries(input.sidebars)) walk(id, items);
  const fallbackPlan = {
    name: 'current',
    label: 'Current',
    base: input.config.docs.routeBasePath,
    isLast: true,
    banner: 'none',
    contentPath: input.config.docs.path,
    sidebarPath: input.config.docs.sidebarPath,
    sidebarKeyPrefix: '',
  } as const;
  return versionData({
    plan: plan ?? fallbackPlan,
    docs: [...input.docs],
    draftIds: [...input.draftIds],
    sidebars: input.sidebars,
    docSidebar,
    generatedIndexes: [],
  });
}

/** The longest path prefix shared by a sidebar's links, to mark its navbar item active. */
function commonBase(items: readonly SidebarItem[]): string | undefined {
  const hrefs: string[] = [];
  const walk = (list: readonly SidebarItem[]) => {
    for (const item of list) {
      if (item.href && !isExternalUrl(item.href)) hrefs.push(item.href);
      if (item.type === 'category') walk(item.items);
    }
  };
  walk(items);
  if (hrefs.length === 0) return undefined;
  const parts = hrefs.map((h) => h.split('/'));
  const first = parts[0] as string[];
  let n = first.length;
  for (const p of parts) {
    let k = 0;
    while (k < n && p[k] === first[k]) k++;
    n = k;
  }
  const base = first.slice(0, n).join('/');
  return base.length > 1 ? base : undefined;
}

/** A locale's own name for itself ('en' → 'English', 'fr' → 'français'), the code when unknown. */
function localeName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

function stripUndefined<T extends object>(obj: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
