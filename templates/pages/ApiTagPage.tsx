import { Markdown } from '../api/Markdown.tsx';
import { ExampleBlock } from '../api/MediaContent.tsx';
import { SchemaTree } from '../api/SchemaTree.tsx';
import { MethodBadge } from '../api/MethodBadge.tsx';
import { Link } from '../shell/Link.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { TableOfContents } from '../shell/Toc.tsx';
import type { PageOf } from '../shared/types.ts';

/** A group of the API reference (a tag, issue 5): what it is about, its object (issue 18), then its operations. */
export function ApiTagPage({ page }: { page: PageOf<'api-tag'> }) {
  const data = page.data;
  return (
    <div className="doc-layout">
      {page.sidebar && <Sidebar items={page.sidebar} />}
      <main id="__main" className="doc-main api-page" tabIndex={-1}>
        <article className="api-tag">
          <h1>{data.name}</h1>
          <Markdown html={data.description} />
          {data.externalDocs && (
            <p>
              <Link href={data.externalDocs.url}>{data.externalDocs.description ?? 'More documentation'}</Link>
            </p>
          )}
          {data.object && (
            <section className="api-section api-object">
              <h2 id="object">The {data.object.name} object</h2>
              <p>
                Every field as responses return it. Requests take the writable fields; read-only ones are ignored there.
              </p>
              <SchemaTree node={data.object.schema} />
              {data.object.example && <ExampleBlock example={data.object.example} />}
            </section>
          )}
          {data.operations.length > 0 && (
            <section className="api-section">
              <h2 id="operations">Operations</h2>
              <ul className="api-op-list">
                {data.operations.map((op) => (
                  <li key={op.slug} className={op.deprecated ? 'is-deprecated' : undefined}>
                    <Link href={op.href} className="api-op-link">
                      <MethodBadge method={op.method} />
                      <span className="api-op-title">{op.title}</span>
                      <code className="api-path">{op.path}</code>
                      {op.deprecated && <span className="schema-flag schema-deprecated">deprecated</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      </main>
      {!page.hideToc && <TableOfContents items={page.toc} />}
    </div>
  );
}
