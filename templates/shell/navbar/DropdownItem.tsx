import { useRouter } from '../../client/router-context.tsx';
import type { NavItem } from '../../shared/types.ts';
import { MobileDropdown, NavbarDropdown, type DropdownEntry } from '../Dropdown.tsx';
import { isActivePath } from '../navbar-links.ts';

/** A dropdown item: its label (a link on desktop when it has an href) over the links of its items. */
export function DropdownItem({ item, mobile }: { item: Extract<NavItem, { type: 'dropdown' }>; mobile: boolean }) {
  const { path } = useRouter();
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
