import type { PortalConfig } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics.js';
import type { DocsVersion, FooterLink, Locale, SidebarItem, SiteData } from '../../templates/shared/types.js';
import { isExternalUrl } from '../../templates/shared/urls.js';
import type { DocEntry } from './docs.js';
import { versionData } from './docs-versions.js';
import type { ConfigLink } from './link-check.js';
import { resolveNavbar } from './navbar.js';
import { resolveVersionPlans } from './versions.js';

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

/** Shapes the site-wide data: the resolved navbar (see resolveNavbar), footer, locales and versions. */
export function buildSiteData(input: SiteDataInput): {
  site: SiteData;
  links: ConfigLink[];
  diagnostics: Diagnostic[];
} {
  const { config } = input;
  const versions = input.versions ?? [singleVersion(input)];
  const navbar = resolveNavbar({ ...input, versions });
  const links: ConfigLink[] = [...navbar.links];
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
      items: navbar.items,
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
  return { site, links, diagnostics: navbar.diagnostics };
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
