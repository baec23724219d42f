import type { CategoryData } from '../shared/types.ts';
import { Link } from './Link.tsx';

/** Cards of a category's items, each its label and, for a category, how many pages it holds (generated indexes, DocCardList). */
export function CategoryCards({ items }: { items: CategoryData['items'] }) {
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.href + item.label} className="card">
          <Link href={item.href}>
            <h2 className="card-title">{item.label}</h2>
            {item.count !== undefined && (
              <p className="card-sub">
                {item.count} {item.count === 1 ? 'item' : 'items'}
              </p>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
