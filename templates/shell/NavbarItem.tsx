import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { NavItem } from '../shared/types.ts';
import { DropdownItem } from './navbar/DropdownItem.tsx';
import { HtmlItem } from './navbar/HtmlItem.tsx';
import { LinkItem } from './navbar/LinkItem.tsx';
import { LocaleDropdown } from './navbar/LocaleDropdown.tsx';
import { VersionDropdown } from './navbar/VersionDropdown.tsx';
import { SearchTrigger } from '../search/SearchTrigger.tsx';

/** `sidebarId`: the current page's sidebar, or null on a page without one; undefined when not known. */
type ItemProps = { item: NavItem; mobile: boolean; sidebarId?: string | null | undefined };

/** One navbar item (spec §2's nine types, resolved by src/routes/navbar.ts), with its own error boundary. */
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

function NavbarItemView({ item, mobile, sidebarId }: ItemProps): ReactNode {
  switch (item.type) {
    case 'link':
    case 'docsVersion':
      return <LinkItem item={item} mobile={mobile} sidebarId={sidebarId} />;
    case 'dropdown':
      return <DropdownItem item={item} mobile={mobile} />;
    case 'html':
      return <HtmlItem item={item} mobile={mobile} />;
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
