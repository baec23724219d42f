import type { ApiHeader, ApiParameter, ParameterLocation } from '../shared/api-model.ts';
import { SchemaDetails, SchemaFacts } from './SchemaTree.tsx';
import { Markdown } from './Markdown.tsx';

const GROUPS: Array<{ in: ParameterLocation; title: string }> = [
  { in: 'path', title: 'Path parameters' },
  { in: 'query', title: 'Query parameters' },
  { in: 'header', title: 'Header parameters' },
  { in: 'cookie', title: 'Cookie parameters' },
];

/** One parameter or header row: name (linkable), type, flags, description, constraints. */
export function ParamRow({ item }: { item: ApiParameter | ApiHeader }) {
  return (
    <li className={`schema-prop${item.deprecated ? ' is-deprecated' : ''}`} id={item.anchor}>
      <div className="schema-prop-head">
        <code className="schema-name">{item.name}</code>
        {item.anchor && (
          <a className="schema-anchor" href={`#${item.anchor}`} aria-label={`Link to ${item.name}`}>
            #
          </a>
        )}
        <SchemaFacts
          node={item.deprecated ? { ...item.schema, deprecated: true } : item.schema}
          required={item.required}
        />
      </div>
      <Markdown html={item.description} className="schema-description" />
      <SchemaDetails
        node={'example' in item && item.example !== undefined ? { ...item.schema, example: item.example } : item.schema}
      />
    </li>
  );
}

/** Parameters grouped by where they go: path, query, header, cookie. */
export function Parameters({
  parameters,
  headingLevel = 3,
}: {
  parameters: readonly ApiParameter[];
  headingLevel?: 3 | 4;
}) {
  const H = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <>
      {GROUPS.map((group) => {
        const items = parameters.filter((p) => p.in === group.in);
        if (items.length === 0) return null;
        return (
          <div key={group.in} className="api-param-group">
            <H className="api-subheading">{group.title}</H>
            <ul className="schema-props">
              {items.map((p) => (
                <ParamRow key={p.name} item={p} />
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}
