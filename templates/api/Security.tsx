import type { ApiSecurityRequirement, ApiSecurityScheme } from '../shared/api-model.ts';
import { Markdown } from './Markdown.tsx';

/** `Bearer token (JWT)`, `API key in header X-Key`, `OAuth 2.0`: how a scheme is presented. */
export function schemeLabel(s: ApiSecurityScheme): string {
  if (s.type === 'http')
    return s.scheme?.toLowerCase() === 'bearer'
      ? `Bearer token${s.bearerFormat ? ` (${s.bearerFormat})` : ''}`
      : `HTTP ${s.scheme ?? ''} authentication`.replace(/\s+/g, ' ');
  if (s.type === 'apiKey') return `API key in ${s.in ?? 'header'} ${s.name ?? ''}`.trim();
  if (s.type === 'oauth2') return 'OAuth 2.0';
  if (s.type === 'openIdConnect') return 'OpenID Connect';
  if (s.type === 'mutualTLS') return 'Mutual TLS';
  return s.type;
}

/** What a call needs: alternatives joined by "or", schemes of one alternative by "and", with scopes. */
export function SecurityRequirements({
  security,
  schemes,
}: {
  security: readonly ApiSecurityRequirement[];
  schemes: readonly ApiSecurityScheme[];
}) {
  if (security.length === 0 || security.some((r) => r.length === 0 && security.length === 1))
    return <p className="api-security">No authentication required.</p>;
  return (
    <ul className="api-security">
      {security.map((req, i) => (
        <li key={i}>
          {i > 0 && <span className="api-or">or </span>}
          {req.length === 0
            ? 'no authentication'
            : req.map((r, j) => {
                const scheme = schemes.find((s) => s.key === r.scheme);
                return (
                  <span key={r.scheme}>
                    {j > 0 && ' and '}
                    <strong>{scheme ? schemeLabel(scheme) : r.scheme}</strong>{' '}
                    <span className="api-scheme-key">({r.scheme})</span>
                    {r.scopes.length > 0 && (
                      <>
                        {' '}
                        with {r.scopes.length === 1 ? 'scope' : 'scopes'}{' '}
                        {r.scopes.map((s, k) => (
                          <span key={s}>
                            {k > 0 && ', '}
                            <code>{s}</code>
                          </span>
                        ))}
                      </>
                    )}
                  </span>
                );
              })}
        </li>
      ))}
    </ul>
  );
}

/** A security scheme in full: how to send the credential, flows and scopes, its description. */
export function SchemeDetails({ scheme, headingLevel = 3 }: { scheme: ApiSecurityScheme; headingLevel?: 3 | 4 }) {
  const H = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <div className="api-scheme">
      <H className="api-subheading">
        {schemeLabel(scheme)} <span className="api-scheme-key">({scheme.key})</span>
      </H>
      {scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer' && (
        <p>
          Send <code>Authorization: Bearer &lt;token&gt;</code> with every request.
        </p>
      )}
      {scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic' && (
        <p>
          Send <code>Authorization: Basic &lt;base64 of username:password&gt;</code> with every request.
        </p>
      )}
      {scheme.type === 'apiKey' && (
        <p>
          Send the key in the <code>{scheme.name}</code> {scheme.in ?? 'header'}
          {scheme.in === 'query' ? ' parameter' : ''}.
        </p>
      )}
      {scheme.openIdConnectUrl && (
        <p>
          Discovery document: <code>{scheme.openIdConnectUrl}</code>
        </p>
      )}
      <Markdown html={scheme.description} />
      {scheme.flows.map((flow) => (
        <div key={flow.flow} className="api-flow">
          <p>
            <strong>{flow.flow}</strong> flow
            {flow.authorizationUrl && (
              <>
                {' '}
                · authorization URL <code>{flow.authorizationUrl}</code>
              </>
            )}
            {flow.tokenUrl && (
              <>
                {' '}
                · token URL <code>{flow.tokenUrl}</code>
              </>
            )}
          </p>
          {flow.scopes.length > 0 && (
            <dl className="api-scopes">
              {flow.scopes.map((s) => (
                <div key={s.name}>
                  <dt>
                    <code>{s.name}</code>
                  </dt>
                  <dd>{s.description}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ))}
    </div>
  );
}
