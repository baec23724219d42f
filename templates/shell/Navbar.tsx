import { useEffect, useRef, useState } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { useSite } from '../site-context.tsx';
import type { PageData } from '../shared/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { useHideOnScroll } from './hide-on-scroll.ts';
import { MobileSidebar } from './MobileSidebar.tsx';
import { NavbarBrand } from './NavbarBrand.tsx';
import { NavbarItem } from './NavbarItem.tsx';

const PANEL_ID = 'navbar-sidebar';
/** Desktop starts at 997 px: 996 px and below is mobile (spec §9); styles.css uses the same breakpoint. */
const MOBILE_QUERY = '(max-width: 996px)';

/**
 * spec §2 / §3 navbar: brand, items left and right, the colour-mode toggle; at 996 px and below a toggle
 * opens the mobile panel instead (issue 3 items 2, 9, 10).
 */
export function Navbar({ page }: { page?: PageData | undefined }) {
  const site = useSite();
  const { navbar } = site;
  const { path } = useRouter();
  const ref = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hidden, setHidden] = useHideOnScroll(navbar.hideOnScroll, ref);

  const close = (returnFocus = true) => {
    setMobileOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  // spec §4: the panel closes on navigation, on back navigation, and when the view widens to desktop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the panel
  useEffect(() => setMobileOpen(false), [path]);
  useEffect(() => {
    if (!mobileOpen) return undefined;
    const onPop = () => setMobileOpen(false);
    const query = window.matchMedia(MOBILE_QUERY);
    const onWiden = () => {
      if (!query.matches) setMobileOpen(false);
    };
    window.addEventListener('popstate', onPop);
    query.addEventListener('change', onWiden);
    document.body.classList.add('navbar-sidebar-open');
    setHidden(false);
    return () => {
      window.removeEventListener('popstate', onPop);
      query.removeEventListener('change', onWiden);
      document.body.classList.remove('navbar-sidebar-open');
    };
  }, [mobileOpen, setHidden]);

  // Which sidebar the page belongs to, for docSidebar items; unknown without the page.
  const sidebarId = page ? (page.sidebarId ?? null) : undefined;
  const left = navbar.items.filter((i) => i.position === 'left');
  const right = navbar.items.filter((i) => i.position === 'right');
  const className = [
    'navbar',
    navbar.style ? `navbar-${navbar.style}` : '',
    hidden && !mobileOpen ? 'navbar-hidden' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <nav ref={ref} className={className} aria-label="Main" onFocus={() => setHidden(false)}>
      <div className="navbar-inner">
        <button
          ref={toggleRef}
          type="button"
          className="navbar-toggle"
          aria-label="Toggle navigation bar"
          aria-expanded={mobileOpen}
          {...(mobileOpen ? { 'aria-controls': PANEL_ID } : {})}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <svg viewBox="0 0 30 30" width="28" height="28" aria-hidden="true">
            <path
              stroke="currentColor"
              strokeLinecap="round"
              strokeMiterlimit="10"
              strokeWidth="2"
              d="M4 7h22M4 15h22M4 23h22"
            />
          </svg>
        </button>
        <NavbarBrand />
        <div className="navbar-items navbar-items-left">
          {left.map((item, i) => (
            <NavbarItem key={i} item={item} sidebarId={sidebarId} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item, i) => (
            <NavbarItem key={i} item={item} sidebarId={sidebarId} />
          ))}
          {!site.colorMode.disableSwitch && <ColorModeToggle className="navbar-color-mode" />}
        </div>
      </div>
      {mobileOpen && <MobileSidebar id={PANEL_ID} secondary={page?.sidebar} sidebarId={sidebarId} onClose={close} />}
    </nav>
  );
}
