import type { SidebarItem } from '../types.ts';
import { useRouter } from '../client/router-context.tsx';
import { Link } from './Link.tsx';

const containsPath = (item: SidebarItem, path: string): boolean =>
  item.href === path || (item.type === 'category' && item.items.some((child) => containsPath(child, path)));

function Items({ items, path }: { items: readonly SidebarItem[]; path: string }) {
  return (
    <ul className="menu-list">
      {items.map((item, i) => {
        if (item.type === 'link') {
          const active = item.href === path;
          return (
            <li key={i} className="menu-item">
              <Link href={item.href} className={`menu-link${active ? ' active' : ''}`} {...(active ? { 'aria-current': 'page' } : {})}>
                {item.badge && <span className={`badge method-${item.badge.toLowerCase()}`}>{item.badge}</span>}
                {item.label}
              </Link>
            </li>
          );
        }
        const open = !item.collapsed || containsPath(item, path);
        return (
          <li key={i} className="menu-item menu-category">
            <details open={open}>
              <summary className={`menu-link menu-category-label${item.href === path ? ' active' : ''}`}>
                {item.href ? <Link href={item.href}>{item.label}</Link> : item.label}
              </summary>
              <Items items={item.items} path={path} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ items }: { items: readonly SidebarItem[] }) {
  const { path } = useRouter();
  return (
    <aside className="doc-sidebar">
      <nav className="menu" aria-label="Docs sidebar">
        <Items items={items} path={path} />
      </nav>
    </aside>
  );
}
