import type { ApiOperation } from '../shared/api-model.ts';
import { Markdown } from './Markdown.tsx';
import { MediaContent } from './MediaContent.tsx';
import { Parameters } from './Parameters.tsx';
import { Responses } from './Responses.tsx';

/**
 * Parameters, request body and responses of an operation. The page renders them as h2 sections with the
 * ids its table of contents links to; a callback renders the same parts one level down, without ids.
 */
export function OperationSections({ operation: op, nested = false }: { operation: ApiOperation; nested?: boolean }) {
  const H = nested ? 'h4' : 'h2';
  const id = (name: string) => (nested ? undefined : name);
  return (
    <>
      {op.parameters.length > 0 && (
        <section className="api-section">
          <H id={id('parameters')}>Parameters</H>
          <Parameters parameters={op.parameters} headingLevel={nested ? 4 : 3} />
        </section>
      )}
      {op.requestBody && (
        <section className="api-section">
          <H id={id('request-body')}>
            Request body
            {op.requestBody.required ? (
              <span className="schema-flag schema-required">required</span>
            ) : (
              <span className="schema-flag">optional</span>
            )}
          </H>
          <Markdown html={op.requestBody.description} />
          <MediaContent content={op.requestBody.content} />
        </section>
      )}
      {op.responses.length > 0 && (
        <section className="api-section">
          <H id={id('responses')}>Responses</H>
          <Responses responses={op.responses} />
        </section>
      )}
    </>
  );
}
