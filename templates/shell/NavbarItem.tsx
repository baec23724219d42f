import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { useSite } from '../site-context.tsx';
import type { NavItem } from '../shared/types.ts';
import { MobileDropdown, NavbarDropdown, type DropdownEntry } from './Dropdown.tsx';
import { Link } from './Link.tsx';
import {
  usePreferredVersion,
  useVersionCandidates,
  versionedItemHref,
  versionOfPath,
  versionTargetPath,
} from './docs-versions.ts';
import { isActivePath, localeHref } from './navbar-links.ts';
import { SearchTrigger } from '../search/SearchTrigger.tsx';

/** `sidebarId`: the current page's sidebar, or null on a page without one; undefined when not known. */
type ItemProps = { item: NavItem; mobile: boolean; sidebarId?: string | null | undefined };

/** One navbar item (spec §2's nine types, resolved by src/routes/site-data.ts), with its own error boundary. */
export function NavbarItem({
  item,
  mobile = false,
  sidebarId,
}: {
  item: NavItem;
  mobile?: boolean;
  sidebarId?: string | null | undefined;
}) {
  return (
    <NavbarItemBoundary item={item}>
      <NavbarItemView item={item} mobile={mobile} sidebarId={sidebarId} />
    </NavbarItemBoundary>
  );
}

const where = (item: NavItem): string => item.configPath ?? 'navbar.items';

/** spec §8: a navbar item that fails to render tells the site owner to check that item's configuration. */
export function navbarItemFailure(item: NavItem, error: unknown): string {
  return `A navbar item failed to render. Please check the configuration of ${where(item)} (type "${item.type}") in portal.config.ts. Cause: ${(error as Error)?.message ?? String(error)}`;
}

class NavbarItemBoundary extends Component<{ item: NavItem; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(navbarItemFailure(this.props.item, error), info.componentStack ?? '');
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <span className="navbar-item navbar-item-error" role="alert">
        {navbarItemFailure(this.props.item, this.state.error)}
      </span>
    );
  }
}

/** A docSidebar item is active on the pages of its sidebar; other links on their path and below. */
function isLinkActive(
  item: Extract<NavItem, { type: 'link' }>,
  path: string,
  sidebarId: string | null | undefined,
): boolean {
  if (item.sidebarId && sidebarId !== undefined) return item.sidebarId === sidebarId;
  return isActivePath(path, item.activeBase);
}

function NavbarItemView({ item, mobile, sidebarId }: ItemProps): ReactNode {
  const { path } = useRouter();
  switch (item.type) {
    case 'link':
    case 'docsVersion':
      return <NavLinkItem item={item} mobile={mobile} sidebarId={sidebarId} />;
    case 'dropdown': {
      const entries: DropdownEntry[] = item.items.map((sub) => ({
        label: sub.label,
        href: sub.href,
        active: !sub.external && isActivePath(path, sub.href),
      }));
      return mobile ? (
        <MobileDropdown label={item.label} items={entries} />
      ) : (
        <NavbarDropdown label={item.label} href={item.href} items={entries} />
      );
    }
    case 'html':
      // Site authors' own HTML from the config, which the portal trusts.
      return mobile ? (
        <li className="menu-item navbar-html" dangerouslySetInnerHTML={{ __html: item.value }} />
      ) : (
        <span className="navbar-item navbar-html" dangerouslySetInnerHTML={{ __html: item.value }} />
      );
    case 'search':
      // spec §2: search is hidden on mobile. The dialog is loaded on first use (issue 7).
      return mobile ? null : <SearchTrigger />;
    case 'localeDropdown':
      return <LocaleDropdown label={item.label} mobile={mobile} />;
    case 'docsVersionDropdown':
      return <VersionDropdown mobile={mobile} />;
    default:
      throw new Error(`No NavbarItem component found for type "${(item as { type: unknown }).type}".`);
  }
}

/**
 * A link item. Doc, docSidebar and docsVersion items follow the docs version (issue 4 item 6): on a doc
 * page they stay in its version; elsewhere they lead into the reader's preferred version, else the last.
 */
function NavLinkItem({
  item,
  mobile,
  sidebarId,
}: {
  item: Extract<NavItem, { type: 'link' } | { type: 'docsVersion' }>;
  mobile: boolean;
  sidebarId: string | null | undefined;
}) {
  const { path } = useRouter();
  const candidates = useVersionCandidates();
  const href = versionedItemHref(item, candidates);
  const active =
    item.type === 'link'
      ? item.docId !== undefined
        ? isActivePath(path, href)
        : isLinkActive(item, path, sidebarId)
      : isActivePath(path, href);
  const label = item.type === 'link' ? item.label : (item.label ?? candidates[0]?.label ?? 'Docs');
  const link = (
    <Link
      href={href}
      className={`${mobile ? 'menu-link' : 'navbar-link'}${active ? ' active' : ''}`}
      {...(active ? { 'aria-current': 'page' as const } : {})}
    >
      {label}
    </Link>
  );
  return mobile ? <li className="menu-item">{link}</li> : link;
}

/** `location.search + location.hash`, kept current, so a locale link keeps them (spec §2). */
function useLocationSuffix(): string {
  const { path } = useRouter();
  const [suffix, setSuffix] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` is the trigger: a client-side navigation changes the query and hash without an event
  useEffect(() => {
    const update = () => setSuffix(window.location.search + window.location.hash);
    update();
    window.addEventListener('hashchange', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('hashchange', update);
      window.removeEventListener('popstate', update);
    };
  }, [path]);
  return suffix;
}

/**
 * spec §2: one link per locale to the same page path. A real menu even with one locale (issue 14), so readers
 * find the switcher where they expect it and it behaves like every other dropdown.
 */
function LocaleDropdown({ label, mobile }: { label?: string | undefined; mobile: boolean }) {
  const site = useSite();
  const { path } = useRouter();
  const suffix = useLocationSuffix();
  const current = site.locales.find((l) => l.name === site.currentLocale) ?? site.locales[0];
  if (!current) return null;
  const icon = <GlobeIcon />;
  const entries: DropdownEntry[] = site.locales.map((locale) => ({
    label: locale.label,
    href: localeHref(site, locale, path, suffix),
    active: locale.name === current.name,
    fullLoad: true,
    lang: locale.htmlLang,
    // The hash may have changed without an event (client-side navigation): read it at click time.
    onSelect: (event) => {
      event.currentTarget.href = localeHref(site, locale, path, window.location.search + window.location.hash);
    },
  }));
  const text = (
    <>
      {icon}
      <span className="sr-only">Language: </span>
      {label ?? current.label}
    </>
  );
  return mobile ? (
    <MobileDropdown label={text} items={entries} />
  ) : (
    <NavbarDropdown label={text} items={entries} className="locale-dropdown" />
  );
}

/**
 * Docs versions (issue 4 item 6): the version read (else preferred, else last) is shown and marked; on a doc
 * page each entry leads to the same doc in that version when it exists there, else to the version's main
 * doc. Choosing one remembers it per docs plugin (spec §4, §7). A menu even with one version (issue 14).
 */
function VersionDropdown({ mobile }: { mobile: boolean }) {
  const site = useSite();
  const { path } = useRouter();
  const { setPreferred } = usePreferredVersion();
  const current = useVersionCandidates()[0];
  if (!current) return null;
  // The version shown is marked on every page; only on its own pages does the mobile menu open by itself.
  const reading = versionOfPath(site.versions, path);
  const entries: DropdownEntry[] = site.versions.map((v) => ({
    label: v.label,
    href: versionTargetPath(site.versions, v, path),
    active: v.name === current.name,
    isPage: v.name === reading?.name,
    onSelect: () => setPreferred(v.name),
  }));
  const text = (
    <>
      <VersionIcon />
      <span className="sr-only">Docs version: </span>
      {current.label}
    </>
  );
  return mobile ? (
    <MobileDropdown label={text} items={entries} />
  ) : (
    <NavbarDropdown label={text} items={entries} className="version-dropdown" />
  );
}

function GlobeIcon() {
  return (
    <svg className="navbar-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a15.7 15.7 0 0 0-1.3-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h3c.3 1.3.8 2.5 1.3 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.3-3.6C8.9 5.5 8.4 6.7 8.1 8zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.5-1.1 1-2.3 1.3-3.6h3a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z"
      />
    </svg>
  );
}

function VersionIcon() {
  return (
    <svg className="navbar-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        fill="currentColor"
        d="M21.4 11.6 12.4 2.6A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8zM5.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
      />
    </svg>
  );
}
