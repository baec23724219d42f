import { useRouter } from '../../client/router-context.tsx';
import type { NavItem } from '../../shared/types.ts';
import { Link } from '../Link.tsx';
import { useVersionCandidates, versionedItemHref } from '../docs-versions.ts';
import { isActivePath } from '../navbar-links.ts';

/** A docSidebar item is active on the pages of its sidebar; other links on their path and below. */
export function isLinkActive(
  item: Extract<NavItem, { type: 'link' }>,
  path: string,
  sidebarId: string | null | undefined,
): boolean {
  if (item.sidebarId && sidebarId !== undefined) return item.sidebarId === sidebarId;
  return isActivePath(path, item.activeBase);
}

/**
 * A link item. Doc, docSidebar and docsVersion items follow the docs version (issue 4 item 6): on a doc
 * page they stay in its version; elsewhere they lead into the reader's preferred version, else the last.
 */
export function LinkItem({
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
