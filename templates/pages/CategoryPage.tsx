import type { PageOf } from '../shared/types.ts';
import { CategoryCards } from '../shell/CategoryCards.tsx';
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
        <CategoryCards items={data.items} />
      </main>
    </div>
  );
}
