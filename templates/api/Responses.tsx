import type { ApiResponse } from '../shared/api-model.ts';
import { Markdown } from './Markdown.tsx';
import { MediaContent } from './MediaContent.tsx';
import { ParamRow } from './Parameters.tsx';

const tone = (status: string): string =>
  /^2/.test(status) ? 'success' : /^3/.test(status) ? 'redirect' : /^[45]/.test(status) ? 'error' : 'other';

/** Responses by status code: success ones open, errors folded (the HTML has them all either way). */
export function Responses({ responses }: { responses: readonly ApiResponse[] }) {
  return (
    <div className="api-responses">
      {responses.map((r) => (
        <details
          key={r.status}
          className={`api-response api-response-${tone(r.status)}`}
          id={r.anchor}
          open={tone(r.status) === 'success'}
        >
          <summary>
            <span className="api-status">{r.status}</span>
            <span className="api-response-summary">
              {r.description ? <Markdown html={r.description} className="api-inline" /> : null}
            </span>
          </summary>
          <div className="api-response-body">
            {r.headers.length > 0 && (
              <>
                <h4 className="api-subheading">Headers</h4>
                <ul className="schema-props">
                  {r.headers.map((h) => (
                    <ParamRow key={h.name} item={h} />
                  ))}
                </ul>
              </>
            )}
            {r.content.length > 0 ? <MediaContent content={r.content} /> : <p className="schema-note">No body.</p>}
          </div>
        </details>
      ))}
    </div>
  );
}
