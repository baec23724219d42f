import { type ComponentType, useMemo } from 'react';
import type { PageData } from '../shared/types.ts';
import { DocVersionBanner } from '../shell/DocVersionBanner.tsx';
import { Link } from '../shell/Link.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { TableOfContents } from '../shell/Toc.tsx';
import { DocContext } from './doc-context.tsx';
import { ContentSlot } from './static-content.tsx';
import { useBodyComponents } from './mdx-components.tsx';

type ContentType = ComponentType<{ components?: Record<string, unknown> }>;

/** A doc: sidebar, the MDX body with its tags and pagination, and the table of contents. */
export function DocPage({ page, Content }: { page: PageData; Content?: ContentType }) {
  const components = useBodyComponents(page.resolvedLinks);
  const surroundings = useMemo(() => ({ path: page.path, sidebar: page.sidebar }), [page.path, page.sidebar]);
  return (
    <div className={page.sidebar ? 'doc-layout' : 'doc-layout doc-layout-no-sidebar'}>
      {page.sidebar && <Sidebar items={page.sidebar} />}
      <main id="__main" className="doc-main" tabIndex={-1}>
        <article className="markdown">
          <DocVersionBanner path={page.path} />
          {page.showTitle && <h1>{page.title}</h1>}
          {Content ? (
            <DocContext.Provider value={surroundings}>
              <ContentSlot Content={Content} components={components} />
            </DocContext.Provider>
          ) : null}
        </article>
        <DocFooter page={page} />
      </main>
      {!page.hideToc && <TableOfContents items={page.toc} />}
    </div>
  );
}

export function DocFooter({ page }: { page: PageData }) {
  return (
    <footer className="doc-footer">
      {page.tags && page.tags.length > 0 && (
        <ul className="doc-tags" aria-label="Tags">
          <li className="doc-tags-label">Tags:</li>
          {page.tags.map((t) => (
            <li key={t.path}>
              <Link href={t.path} className="tag">
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(page.lastUpdated || page.editUrl) && (
        <div className="doc-meta">
          {page.editUrl && <Link href={page.editUrl}>Edit this page</Link>}
          {page.lastUpdated && (
            <span className="last-updated">
              Last updated on <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
            </span>
          )}
        </div>
      )}
      {(page.prev || page.next) && (
        <nav className="pagination-nav" aria-label="Docs pages">
          {page.prev ? (
            <Link href={page.prev.path} className="pagination-link prev">
              <span className="pagination-sub">Previous</span>
              <span className="pagination-label">{page.prev.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {page.next && (
            <Link href={page.next.path} className="pagination-link next">
              <span className="pagination-sub">Next</span>
              <span className="pagination-label">{page.next.title}</span>
            </Link>
          )}
        </nav>
      )}
    </footer>
  );
}

const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
