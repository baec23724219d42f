import type { PageData } from '../types.ts';
import { Sidebar } from '../shell/Sidebar.tsx';

/** Placeholder until the API reference templates land (issue 5): title and description only. */
export function ApiOperationPage({ page }: { page: PageData }) {
  return (
    <div className="doc-layout">
      {page.sidebar && <Sidebar items={page.sidebar} />}
      <main id="__main" className="doc-main" tabIndex={-1}>
        <h1>{page.title}</h1>
        {page.description && <p>{page.description}</p>}
      </main>
    </div>
  );
}
