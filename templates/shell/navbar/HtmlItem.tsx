import type { NavItem } from '../../shared/types.ts';

/** An html item: site authors' own HTML from the config, which the portal trusts. */
export function HtmlItem({ item, mobile }: { item: Extract<NavItem, { type: 'html' }>; mobile: boolean }) {
  return mobile ? (
    <li className="menu-item navbar-html" dangerouslySetInnerHTML={{ __html: item.value }} />
  ) : (
    <span className="navbar-item navbar-html" dangerouslySetInnerHTML={{ __html: item.value }} />
  );
}
