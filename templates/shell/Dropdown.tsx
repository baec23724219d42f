import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useRouter } from '../client/router-context.tsx';
import { Collapsible } from './Collapsible.tsx';
import { Link } from './Link.tsx';

export interface DropdownEntry {
  label: string;
  href: string;
  active?: boolean;
  /**
   * Whether the entry leads to the page shown, when that differs from `active` (the version shown is marked on
   * every page, but only its own pages are "in" it): a mobile menu opens by itself for such an entry.
   */
  isPage?: boolean;
  /** Another build of the site (a locale): a plain link, no client-side navigation. */
  fullLoad?: boolean;
  lang?: string;
  onSelect?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

function EntryLink({ entry, className }: { entry: DropdownEntry; className: string }) {
  const props = {
    className: `${className}${entry.active ? ' active' : ''}`,
    ...(entry.active ? { 'aria-current': 'page' as const } : {}),
    ...(entry.lang ? { lang: entry.lang, hrefLang: entry.lang } : {}),
    ...(entry.onSelect ? { onClick: entry.onSelect } : {}),
  };
  return entry.fullLoad ? (
    <a href={entry.href} {...props}>
      {entry.label}
    </a>
  ) : (
    <Link href={entry.href} {...props}>
      {entry.label}
    </Link>
  );
}

/**
 * A navbar dropdown (spec §4, issue 3 item 3): opens on hover or click, works from the keyboard (Enter,
 * Space, ArrowDown; arrows move, Escape closes and returns focus), closes on a click, touch or focus
 * outside and on navigation. Disclosure pattern: aria-expanded on the trigger always says the truth.
 */
export function NavbarDropdown({
  label,
  href,
  items,
  className = '',
}: {
  label: ReactNode;
  href?: string | undefined;
  items: readonly DropdownEntry[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const openedBy = useRef<'hover' | 'click' | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const menuId = useId();
  const { path } = useRouter();

  const show = (by: 'hover' | 'click') => {
    openedBy.current = by;
    setOpen(true);
  };
  const hide = (returnFocus = false) => {
    openedBy.current = null;
    setOpen(false);
    if (returnFocus) root.current?.querySelector<HTMLElement>('.dropdown-toggle')?.focus();
  };
  const links = (): HTMLElement[] => [...(root.current?.querySelectorAll<HTMLElement>('.dropdown-menu a') ?? [])];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => {
    openedBy.current = null;
    setOpen(false);
  }, [path]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: hide only reads refs and setters, so the listeners need not follow it between renders
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) hide();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside, { passive: true });
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: links() reads the DOM when the menu opens
  useEffect(() => {
    if (open && focusFirst.current) links()[0]?.focus();
    focusFirst.current = false;
  }, [open]);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) links()[0]?.focus();
      else {
        focusFirst.current = true;
        show('click');
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide(true);
    } else if (event.key === ' ' && href) {
      // A link trigger: Enter follows the link, Space toggles the menu.
      event.preventDefault();
      if (open) hide();
      else show('click');
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = links();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(i + 1);
    else if (event.key === 'ArrowUp') move(i - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
    }
  };
  const onTriggerClick = () => {
    // Hovered open, then clicked: keep it open until the reader clicks again or leaves by click/focus.
    if (open && openedBy.current === 'hover') openedBy.current = 'click';
    else if (open) hide();
    else show('click');
  };
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && !open) show('hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && openedBy.current === 'hover') hide();
  };

  const triggerProps = {
    className: 'navbar-link dropdown-toggle',
    'aria-expanded': open,
    'aria-controls': menuId,
    onKeyDown: onTriggerKeyDown,
  };
  return (
    <div
      ref={root}
      className={`navbar-item navbar-dropdown${open ? ' open' : ''} ${className}`.trim()}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      {href ? (
        <Link href={href} {...triggerProps}>
          {label}
          <Caret />
        </Link>
      ) : (
        <button type="button" {...triggerProps} onClick={onTriggerClick}>
          {label}
          <Caret />
        </button>
      )}
      <ul id={menuId} className="dropdown-menu" onKeyDown={onMenuKeyDown}>
        {items.map((entry) => (
          <li key={`${entry.href}|${entry.label}`}>
            <EntryLink entry={entry} className="dropdown-link" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A dropdown in the mobile menu: collapsed, and expanded by itself when one of its items is the current page. */
export function MobileDropdown({ label, items }: { label: ReactNode; items: readonly DropdownEntry[] }) {
  const hasActive = items.some((i) => i.isPage ?? i.active);
  const [open, setOpen] = useState(hasActive);
  const id = useId();
  useEffect(() => {
    if (hasActive) setOpen(true);
  }, [hasActive]);
  return (
    <li className="menu-item menu-category">
      <button
        type="button"
        className="menu-link menu-category-label"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <Caret />
      </button>
      <Collapsible open={open} id={id}>
        <ul className="menu-list">
          {items.map((entry) => (
            <li key={`${entry.href}|${entry.label}`} className="menu-item">
              <EntryLink entry={entry} className="menu-link" />
            </li>
          ))}
        </ul>
      </Collapsible>
    </li>
  );
}

export function Caret() {
  return (
    <svg className="caret" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
      <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
    </svg>
  );
}
