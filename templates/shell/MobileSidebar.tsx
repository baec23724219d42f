import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSite } from '../site-context.tsx';
import type { SidebarItem } from '../shared/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { NavbarBrand } from './NavbarBrand.tsx';
import { NavbarItem } from './NavbarItem.tsx';
import { SidebarMenu } from './Sidebar.tsx';

/**
 * The mobile navigation panel (spec §2, §4; issue 3 item 9): the navbar items as the primary menu and, when
 * the page has a doc sidebar, that sidebar as the secondary menu with a `Back to main menu` button. Only
 * rendered while open; the navbar closes it on back navigation, on navigation and when the view widens.
 */
export function MobileSidebar({
  id,
  secondary,
  sidebarId,
  onClose,
}: {
  id: string;
  secondary?: readonly SidebarItem[] | undefined;
  sidebarId?: string | null | undefined;
  onClose(): void;
}) {
  const site = useSite();
  const hasSecondary = !!secondary && secondary.length > 0;
  const [showSecondary, setShowSecondary] = useState(hasSecondary);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setShowSecondary(hasSecondary);
  }, [hasSecondary]);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('.navbar-sidebar-close')?.focus();
  }, []);

  // The back button disappears with the secondary menu: keep keyboard focus in the panel.
  const showPrimary = () => {
    setShowSecondary(false);
    requestAnimationFrame(() =>
      panel.current?.querySelector<HTMLElement>('.navbar-sidebar-primary a, .navbar-sidebar-primary button')?.focus(),
    );
  };

  // A modal panel: Tab cycles inside it, Escape closes it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [
      ...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]'),
    ].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const items = site.navbar.items;
  return (
    <>
      <div className="navbar-sidebar-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        id={id}
        className="navbar-sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
        onKeyDown={onKeyDown}
      >
        <div className="navbar-sidebar-header">
          <NavbarBrand />
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button type="button" className="navbar-sidebar-close" onClick={onClose} aria-label="Close navigation bar">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"
              />
            </svg>
          </button>
        </div>
        <div className="navbar-sidebar-items">
          <nav className="navbar-sidebar-primary menu" aria-label="Main menu" hidden={showSecondary}>
            <ul className="menu-list">
              {items.map((item, i) => (
                <NavbarItem key={i} item={item} sidebarId={sidebarId} mobile />
              ))}
            </ul>
          </nav>
          {hasSecondary && (
            <div className="navbar-sidebar-secondary" hidden={!showSecondary}>
              <button type="button" className="navbar-sidebar-back" onClick={showPrimary}>
                <span aria-hidden="true">← </span>Back to main menu
              </button>
              <SidebarMenu items={secondary} label="Docs sidebar" />
            </div>
          )}
        </div>
      </div>
    </>
  );
}
