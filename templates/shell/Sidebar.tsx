import { useEffect, useId, useRef, useState } from 'react';
import { useRouter } from '../client/router-context.tsx';
import type { SidebarCategory, SidebarItem } from '../shared/types.ts';
import { Caret } from './Dropdown.tsx';
import { Collapsible } from './Collapsible.tsx';
import { Link } from './Link.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * issue 20: a list with more categories than this shows, in the HTML and until the page is hydrated, only those
 * that are open or hold the current page, and a link to the page listing them all. Every page of a 10,000
 * operation API otherwise carried 250 collapsed groups (155 KB, more than its own content), which made the
 * build grow with the square of the document. Readers with JavaScript get the whole list right after load.
 */
export const FIRST_PAINT_CATEGORIES = 60;

const containsPath = (item: SidebarItem, path: string): boolean =>
  item.href === path || (item.type === 'category' && item.items.some((child) => containsPath(child, path)));

/**
 * A category (spec §2 sidebars, issue 3 item 4): its own toggle button, an animated list, open when
 * configured so or when it holds the current page. Opening one never closes another.
 */
function Category({ item, path }: { item: SidebarCategory; path: string }) {
  const holdsActive = containsPath(item, path);
  const [open, setOpen] = useState(!item.collapsed || holdsActive);
  const listId = useId();
  // issue 5 budget: a collapsed category's items stay out of the HTML until it first opens, so a page costs
  // its own section plus one row per category, not the whole sidebar (1,000 API operations on every page).
  const [everOpen, setEverOpen] = useState(open);
  if (open && !everOpen) setEverOpen(true);
  useEffect(() => {
    if (holdsActive) setOpen(true);
  }, [holdsActive]);
  const active = item.href === path;
  const toggleProps = { 'aria-expanded': open, 'aria-controls': listId, onClick: () => setOpen((o) => !o) };
  return (
    <li className={`menu-item menu-category${open ? '' : ' collapsed'}`}>
      <div className="menu-category-row">
        {item.href ? (
          <>
            <Link
              href={item.href}
              className={`menu-link menu-category-label${active ? ' active' : ''}`}
              {...(active ? { 'aria-current': 'page' as const } : {})}
            >
              {item.label}
            </Link>
            <button
              type="button"
              className="menu-caret"
              aria-label={`Toggle the category ${item.label}`}
              {...toggleProps}
            >
              <Caret />
            </button>
          </>
        ) : (
          <button type="button" className="menu-link menu-category-label" {...toggleProps}>
            {item.label}
            <Caret />
          </button>
        )}
      </div>
      <Collapsible open={open} id={listId} className="menu-category-items">
        {(open || everOpen) && <Items items={item.items} path={path} parent={item} />}
      </Collapsible>
    </li>
  );
}

function Items({
  items,
  path,
  parent,
}: {
  items: readonly SidebarItem[];
  path: string;
  /** The category holding this list: its page lists what a shortened list leaves out. */
  parent?: SidebarCategory;
}) {
  const hydrated = useHydrated();
  const categories = items.reduce((n, item) => n + (item.type === 'category' ? 1 : 0), 0);
  const shortened = !hydrated && categories > FIRST_PAINT_CATEGORIES;
  const shows = (item: SidebarItem): boolean =>
    !shortened || item.type !== 'category' || !item.collapsed || containsPath(item, path);
  return (
    <ul className="menu-list">
      {items.map((item, i) => {
        // Keys by position in the whole list, so the categories shown first keep their state when the rest arrive.
        if (!shows(item)) return null;
        if (item.type === 'category') return <Category key={`${i}-${item.label}`} item={item} path={path} />;
        const active = item.href === path;
        return (
          <li key={`${i}-${item.href}`} className="menu-item">
            <Link
              href={item.href}
              className={`menu-link${active ? ' active' : ''}`}
              {...(active ? { 'aria-current': 'page' as const } : {})}
            >
              {item.badge && <span className={`badge method-${item.badge.toLowerCase()}`}>{item.badge}</span>}
              {item.label}
            </Link>
          </li>
        );
      })}
      {shortened && parent?.href && (
        <li className="menu-item">
          <Link href={parent.href} className="menu-link menu-more">
            {`All ${categories} categories of ${parent.label}`}
          </Link>
        </li>
      )}
    </ul>
  );
}

/** The sidebar's menu alone: used in the doc layout and as the mobile panel's secondary menu. */
export function SidebarMenu({ items, label }: { items: readonly SidebarItem[]; label: string }) {
  const { path } = useRouter();
  return (
    <nav className="menu" aria-label={label}>
      <Items items={items} path={path} />
    </nav>
  );
}

/** The doc sidebar (spec §2): always shown on desktop, never hideable; the current doc is highlighted. */
export function Sidebar({ items }: { items: readonly SidebarItem[] }) {
  const ref = useRef<HTMLElement>(null);
  const { path } = useRouter();
  // A long list gets its remaining categories once hydrated, which moves the current doc: scroll after that too.
  const hydrated = useHydrated();
  // Bring the current doc into the sidebar's own view, without scrolling the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current doc changes with the route
  useEffect(() => {
    const aside = ref.current;
    const link = aside?.querySelector<HTMLElement>('.menu-link.active');
    if (!aside || !link) return;
    const a = aside.getBoundingClientRect();
    const l = link.getBoundingClientRect();
    if (l.top < a.top || l.bottom > a.bottom) aside.scrollTop += l.top - a.top - a.height / 3;
  }, [path, hydrated]);
  return (
    <aside ref={ref} className="doc-sidebar">
      <SidebarMenu items={items} label="Docs sidebar" />
    </aside>
  );
}
