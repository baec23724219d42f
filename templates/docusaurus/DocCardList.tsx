import type { SidebarItem } from '../shared/types.ts';
import { categoryCards } from '../shared/sidebar-items.ts';
import { CategoryCards } from '../shell/CategoryCards.tsx';
import { useDoc } from '../pages/doc-context.tsx';

/**
 * Docusaurus's `@theme/DocCardList`: in a category's index doc, `<DocCardList />` shows the category's items as
 * cards, as its generated index page would. In another doc of a category it shows that category's other pages;
 * given `items` (Docusaurus's sidebar items), those.
 */
export default function DocCardList({ items }: { items?: readonly SidebarItem[] | undefined; className?: string }) {
  const doc = useDoc();
  const shown = items ?? (doc?.sidebar ? categoryOf(doc.sidebar, doc.path) : []);
  return <CategoryCards items={categoryCards(shown)} />;
}

/** The items of the category whose page `path` is, else of the innermost category holding it (itself left out). */
function categoryOf(items: readonly SidebarItem[], path: string): readonly SidebarItem[] {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === path) return item.items;
    const inner = categoryOf(item.items, path);
    if (inner.length > 0) return inner;
    if (item.items.some((child) => child.type === 'link' && child.href === path))
      return item.items.filter((child) => !(child.type === 'link' && child.href === path));
  }
  return [];
}
