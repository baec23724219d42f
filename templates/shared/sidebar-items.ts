import type { CategoryData, SidebarItem } from './types.ts';

/** Every link of a sidebar, categories' own links included, in order: for the build and the browser alike. */
export function flattenSidebar(items: readonly SidebarItem[]): Array<{ label: string; href: string }> {
  return items.flatMap((item) =>
    item.type === 'link'
      ? [{ label: item.label, href: item.href }]
      : [...(item.href ? [{ label: item.label, href: item.href }] : []), ...flattenSidebar(item.items)],
  );
}

/** Where an item leads: a link's page, a category's own page or else its first link. */
const itemHref = (item: SidebarItem): string | undefined =>
  item.type === 'link' ? item.href : (item.href ?? flattenSidebar(item.items)[0]?.href);

/**
 * The cards of a category's items: a generated index page's (src/routes/route-table.ts) and Docusaurus's DocCardList
 * (templates/docusaurus/DocCardList.tsx). A category's card counts the pages it leads to.
 */
export const categoryCards = (items: readonly SidebarItem[]): CategoryData['items'] =>
  items.map((item) => ({
    label: item.label,
    href: itemHref(item) ?? '',
    count: item.type === 'category' ? flattenSidebar(item.items).length : undefined,
  }));
