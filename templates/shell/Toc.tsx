import type { TocItem } from '../types.ts';

export function TableOfContents({ items }: { items: readonly TocItem[] }) {
  if (items.length === 0) return null;
  const min = Math.min(...items.map((i) => i.depth));
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul>
        {items.map((item) => (
          <li key={item.id} style={{ paddingLeft: `${(item.depth - min) * 0.75}rem` }}>
            <a href={`#${item.id}`} className="toc-link">{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
