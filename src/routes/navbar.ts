import type { PortalConfig } from '../config/schema.js';
import type { NavbarItem } from '../config/navbar-items.js';
import { error, listed, type Diagnostic } from '../diagnostics.js';
import type { DocsVersion, NavItem, SidebarItem } from '../../templates/shared/types.js';
import { isExternalUrl } from '../../templates/shared/urls.js';
import type { DocEntry } from './docs.js';
import type { ConfigLink } from './link-check.js';
import { firstLink } from './sidebars.js';

export interface ResolveNavbarOptions {
  config: PortalConfig;
  configFile: string;
  docs: readonly DocEntry[];
  draftIds: readonly string[];
  sidebars: Record<string, SidebarItem[]>;
  /** The site's docs versions: a `docsVersion` item links to the last one's main doc. */
  versions: readonly DocsVersion[];
}

/**
 * Resolves the configured navbar items against the docs, sidebars and versions (spec §5 errors): a doc or
 * sidebar item becomes a link to its page, a draft doc yields nothing. Returns the items for the shell, the
 * links they hold (for the link check) and an error per item that cannot be resolved.
 */
export function resolveNavbar(options: ResolveNavbarOptions): {
  items: NavItem[];
  links: ConfigLink[];
  diagnostics: Diagnostic[];
} {
  const { config, configFile, sidebars, versions } = options;
  const diagnostics: Diagnostic[] = [];
  const links: ConfigLink[] = [];
  const docById = new Map(options.docs.map((d) => [d.id, d]));
  const drafts = new Set(options.draftIds);
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
            `unknown doc id "${item.docId}". Available doc ids: ${listed(docById.keys())}`,
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
        const sidebar = sidebars[item.sidebarId];
        if (!sidebar) {
          fail(
            where,
            `unknown sidebar id "${item.sidebarId}". Available sidebar ids: ${listed(Object.keys(sidebars))}`,
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
  return { items, links, diagnostics };
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
