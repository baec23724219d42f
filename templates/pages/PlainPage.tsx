import type { ComponentType } from 'react';
import type { PageOf } from '../shared/types.ts';
import { TableOfContents } from '../shell/Toc.tsx';
import { ContentSlot } from './static-content.tsx';
import { mdxComponents, useBodyComponents } from './mdx-components.tsx';

/** A standalone page from site/pages: no sidebar. */
export function PlainPage({
  page,
  Content,
}: {
  page: PageOf<'page'>;
  Content?: ComponentType<{ components?: Record<string, unknown> }>;
}) {
  const components = useBodyComponents(page.resolvedLinks);
  if (page.data?.custom && Content) return <Content components={mdxComponents} />;
  return (
    <div className="page-layout">
      <main id="__main" className="page-main" tabIndex={-1}>
        <article className="markdown">
          {page.showTitle && <h1>{page.title}</h1>}
          {Content ? <ContentSlot Content={Content} components={components} /> : null}
        </article>
      </main>
      {!page.hideToc && <TableOfContents items={page.toc} />}
    </div>
  );
}
