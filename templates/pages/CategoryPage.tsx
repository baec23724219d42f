import type { PageOf } from '../shared/types.ts';
import { Link } from '../shell/Link.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';

/** A generated index: the cards of a sidebar category. */
export function CategoryPage({ page }: { page: PageOf<'category'> }) {
  const data = page.data;
  return (
    <div className="doc-layout">
      {page.sidebar && <Sidebar items={page.sidebar} />}
      <main id="__main" className="doc-main" tabIndex={-1}>
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
        <ul className="card-grid">
          {data.items.map((item) => (
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
      </main>
    </div>
  );
}
