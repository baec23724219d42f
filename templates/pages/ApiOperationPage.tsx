import { CodeSamples } from '../api/CodeSamples.tsx';
import { CopyButton } from '../api/CopyButton.tsx';
import { Markdown } from '../api/Markdown.tsx';
import { MethodBadge } from '../api/MethodBadge.tsx';
import { OperationSections } from '../api/OperationSections.tsx';
import { SchemeDetails, SecurityRequirements } from '../api/Security.tsx';
import { useOpenTarget } from '../api/useOpenTarget.ts';
import { useApiConsoleButton } from '../api/hooks.ts';
import { Link } from '../shell/Link.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { TableOfContents } from '../shell/Toc.tsx';
import type { PageOf } from '../shared/types.ts';

/** `openapi.console.enabled`, defined by the bundlers (src/bundle/client.ts, server.ts). */
declare const PORTAL_API_CONSOLE: boolean;

/**
 * An operation (or webhook) of the API reference (issue 5): method and path, server, description,
 * security, parameters, request body, responses, callbacks and code samples. Everything comes from
 * `page.data` (src/apiref/routes.ts); the template is shared by every operation.
 */
export function ApiOperationPage({ page }: { page: PageOf<'api-operation'> }) {
  const { operation: op, securitySchemes, codeSamples, tags } = page.data;
  useOpenTarget();
  // biome-ignore lint/correctness/useHookAtTopLevel: a build-time constant, the same on every render
  if (PORTAL_API_CONSOLE) useApiConsoleButton(page.data);
  const server = op.servers[0];
  const fullUrl = `${server ? server.url.replace(/\/+$/, '') : ''}${op.path}`;
  return (
    <div className="doc-layout">
      {page.sidebar && <Sidebar items={page.sidebar} />}
      <main id="__main" className="doc-main api-page" tabIndex={-1}>
        {/* Its data has `console` only when the console is on: the server render (which leaves out the console's
            code) and the browser's mark the article alike, and the CSS keeps the button's room (api.css). */}
        <article className={page.data.console ? 'api-operation api-has-console' : 'api-operation'}>
          <header className="api-header">
            {tags.length > 0 && (
              <p className="api-breadcrumb">
                {tags.map((t, i) => (
                  <span key={t.href}>
                    {i > 0 && ' · '}
                    <Link href={t.href}>{t.name}</Link>
                  </span>
                ))}
              </p>
            )}
            <h1>
              {op.title}
              {op.deprecated && <span className="schema-flag schema-deprecated api-title-flag">deprecated</span>}
            </h1>
            <div className="api-endpoint">
              <MethodBadge method={op.method} large />
              {op.webhook && <span className="schema-flag">webhook</span>}
              <code className="api-path">{op.path}</code>
              {!op.webhook && <CopyButton text={fullUrl} label="Copy URL" keepRoom />}
            </div>
            {!op.webhook && op.servers.length > 0 && (
              <p className="api-servers">
                {op.servers.length === 1 ? 'Server' : 'Servers'}:{' '}
                {op.servers.map((s, i) => (
                  <span key={s.url}>
                    {i > 0 && ', '}
                    <code>{s.url}</code>
                  </span>
                ))}
              </p>
            )}
          </header>
          {op.deprecated && (
            <div className="admonition admonition-warning api-deprecated" role="note">
              <p className="admonition-title">Deprecated</p>
              <p>This operation is deprecated and may be removed in a future version. Avoid it in new integrations.</p>
            </div>
          )}
          <Markdown html={op.description} />
          {op.externalDocs && (
            <p>
              <Link href={op.externalDocs.url}>{op.externalDocs.description ?? 'More documentation'}</Link>
            </p>
          )}
          {!op.webhook && (
            <section className="api-section api-auth">
              <h2 id="authorization" className="api-h2-small">
                Authorization
              </h2>
              <SecurityRequirements security={op.security} schemes={securitySchemes} />
              {securitySchemes.length > 0 && (
                <details className="api-scheme-details">
                  <summary>How to authenticate</summary>
                  {securitySchemes.map((s) => (
                    <SchemeDetails key={s.key} scheme={s} headingLevel={4} />
                  ))}
                </details>
              )}
            </section>
          )}
          <OperationSections operation={op} />
          {op.callbacks.length > 0 && (
            <section className="api-section">
              <h2 id="callbacks">Callbacks</h2>
              {op.callbacks.map((cb, i) => (
                <div key={i} className="api-callback">
                  <h3 className="api-subheading">
                    {cb.operation.title === `${cb.operation.method} ${cb.expression}`
                      ? cb.name
                      : `${cb.name}: ${cb.operation.title}`}
                  </h3>
                  <p className="api-endpoint">
                    <MethodBadge method={cb.operation.method} /> <code className="api-path">{cb.expression}</code>
                  </p>
                  <Markdown html={cb.operation.description} />
                  <OperationSections operation={cb.operation} nested />
                </div>
              ))}
            </section>
          )}
          {codeSamples.length > 0 && (
            <section className="api-section">
              <h2 id="code-samples">Code samples</h2>
              <CodeSamples samples={codeSamples} />
            </section>
          )}
        </article>
      </main>
      {!page.hideToc && <TableOfContents items={page.toc} />}
    </div>
  );
}
