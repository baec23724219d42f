import { Markdown } from '../api/Markdown.tsx';
import { SchemeDetails, SecurityRequirements } from '../api/Security.tsx';
import { Link } from '../shell/Link.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { TableOfContents } from '../shell/Toc.tsx';
import { useSite } from '../site-context.tsx';
import { isExternalUrl, routeHref } from '../shared/urls.ts';
import type { PageOf } from '../shared/types.ts';

/** The API reference's introduction (issue 5): description, servers, authentication, downloads, contents. */
export function ApiIntroPage({ page }: { page: PageOf<'api-intro'> }) {
  const data = page.data;
  const site = useSite();
  return (
    <div className="doc-layout">
      {page.sidebar && <Sidebar items={page.sidebar} />}
      <main id="__main" className="doc-main api-page" tabIndex={-1}>
        <article className="api-intro">
          <header className="api-header">
            <h1>{data.title}</h1>
            <p className="api-meta">
              {data.version && <span className="api-version">Version {data.version}</span>}
              {data.downloads.length > 0 && (
                <span className="api-downloads-inline">
                  Download:{' '}
                  {data.downloads.map((d, i) => (
                    <span key={d.href}>
                      {i > 0 && ' · '}
                      {isExternalUrl(d.href) ? (
                        <Link href={d.href}>{d.label}</Link>
                      ) : (
                        <a href={routeHref(site, d.href)} download>
                          {d.label}
                        </a>
                      )}
                    </span>
                  ))}
                </span>
              )}
            </p>
          </header>
          <Markdown html={data.description} />
          {data.servers.length > 0 && (
            <section className="api-section">
              <h2 id="servers">Servers</h2>
              <ul className="api-server-list">
                {data.servers.map((s) => (
                  <li key={s.url}>
                    <code>{s.url}</code>
                    <Markdown html={s.description} className="api-inline" />
                    {s.variables.length > 0 && (
                      <ul>
                        {s.variables.map((v) => (
                          <li key={v.name}>
                            <code>{`{${v.name}}`}</code>: default <code>{v.default}</code>
                            {v.enum && (
                              <>
                                {' (one of '}
                                {v.enum.map((e) => (
                                  <code key={e}>{e}</code>
                                ))}
                                )
                              </>
                            )}
                            <Markdown html={v.description} className="api-inline" />
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.securitySchemes.length > 0 && (
            <section className="api-section">
              <h2 id="authentication">Authentication</h2>
              {data.security.length > 0 &&
                (onlyScheme(data) ? (
                  // One scheme, required as it is: the list would repeat the heading just below it.
                  <p>Unless an operation says otherwise, every request needs the scheme below.</p>
                ) : (
                  <>
                    <p>Unless an operation says otherwise, every request needs:</p>
                    <SecurityRequirements security={data.security} schemes={data.securitySchemes} />
                  </>
                ))}
              {data.securitySchemes.map((s) => (
                <SchemeDetails key={s.key} scheme={s} />
              ))}
            </section>
          )}
          {data.downloads.length > 0 && (
            <section className="api-section">
              <h2 id="download">Download</h2>
              <p>The OpenAPI document this reference is generated from:</p>
              <ul>
                {data.downloads.map((d) => (
                  <li key={d.href}>
                    {isExternalUrl(d.href) ? (
                      <Link href={d.href}>{d.label}</Link>
                    ) : (
                      <a href={routeHref(site, d.href)} download>
                        {d.label}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.topics.map((t) => (
            <section key={t.id} className="api-section">
              <h2 id={t.id}>{t.title}</h2>
              <Markdown html={t.content} />
            </section>
          ))}
          {data.groups.length > 0 && (
            <section className="api-section">
              <h2 id="reference">Reference</h2>
              {data.groups.map((g) => (
                <div key={g.name} className="api-group">
                  <h3 className="api-subheading">{g.name}</h3>
                  <ul className="api-tag-list">
                    {g.tags.map((t) => (
                      <li key={t.href}>
                        <Link href={t.href}>{t.name}</Link>
                        {t.count > 0 && <span className="tag-count">{t.count}</span>}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          )}
          {(data.contact || data.license || data.termsOfService || data.externalDocs) && (
            <footer className="api-info-footer">
              {data.contact && (data.contact.url || data.contact.email) && (
                <p>
                  {'Contact: '}
                  {data.contact.url ? (
                    <Link href={data.contact.url}>{data.contact.name ?? data.contact.url}</Link>
                  ) : (
                    data.contact.name
                  )}
                  {data.contact.email && (
                    <>
                      {' · '}
                      <a href={`mailto:${data.contact.email}`}>{data.contact.email}</a>
                    </>
                  )}
                </p>
              )}
              {data.license && (
                <p>
                  {'License: '}
                  {data.license.url ? <Link href={data.license.url}>{data.license.name}</Link> : data.license.name}
                </p>
              )}
              {data.termsOfService && (
                <p>
                  <Link href={data.termsOfService}>Terms of service</Link>
                </p>
              )}
              {data.externalDocs && (
                <p>
                  <Link href={data.externalDocs.url}>{data.externalDocs.description ?? 'External documentation'}</Link>
                </p>
              )}
            </footer>
          )}
        </article>
      </main>
      {!page.hideToc && <TableOfContents items={page.toc} />}
    </div>
  );
}

/** True when the document defines one scheme and every request needs exactly it, with no scopes. */
function onlyScheme(data: {
  security: readonly (readonly { scheme: string; scopes: readonly string[] }[])[];
  securitySchemes: readonly { key: string }[];
}): boolean {
  const [only] = data.security;
  return (
    data.security.length === 1 &&
    only?.length === 1 &&
    only[0]?.scopes.length === 0 &&
    data.securitySchemes.length === 1 &&
    data.securitySchemes[0]?.key === only[0]?.scheme
  );
}
