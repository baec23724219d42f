import { useState, type ReactNode } from 'react';
import { useSite } from '../site-context.tsx';
import type { Json, PropertyNode, SchemaFile, SchemaNode } from '../shared/api-model.ts';
import { Markdown } from './Markdown.tsx';
import { Tabs } from './Tabs.tsx';

/** `array of Customer`, `string · date-time`, `integer | string`: the type column of a row. */
export function typeLabel(node: SchemaNode): string {
  if (node.circular) return node.circular;
  if (node.type === 'array' && node.items) return `array of ${typeLabel(node.items)}`;
  if (node.type === 'object' && !node.name && !node.properties?.length && node.additionalProperties)
    return `map of ${typeLabel(node.additionalProperties)}`;
  const base =
    node.name && (node.type === 'object' || node.type === '')
      ? node.name
      : node.type || (node.variants ? (node.variants.kind === 'oneOf' ? 'one of' : 'any of') : 'any');
  return node.format ? `${base} · ${node.format}` : base;
}

const show = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The object (or array of objects) a node opens into, if any. */
function childrenOf(node: SchemaNode): SchemaNode | undefined {
  if (node.circular) return undefined;
  if (node.lazy) return node;
  const map = node.additionalProperties;
  if (node.properties?.length || node.variants || (map && (childrenOf(map) || map.description))) return node;
  if (node.items) return childrenOf(node.items);
  return undefined;
}

/** Flags, constraints, enum, default and example of one schema, under its name. */
export function SchemaFacts({ node, required }: { node: SchemaNode; required?: boolean }) {
  let inner: SchemaNode | undefined = node;
  while (inner?.type === 'array' && inner.items) inner = inner.items;
  const circular = node.circular ?? inner?.circular;
  return (
    <>
      <span className="schema-type">{typeLabel(node)}</span>
      {required && <span className="schema-flag schema-required">required</span>}
      {node.nullable && <span className="schema-flag">nullable</span>}
      {node.readOnly && <span className="schema-flag">read-only</span>}
      {node.writeOnly && <span className="schema-flag">write-only</span>}
      {node.deprecated && <span className="schema-flag schema-deprecated">deprecated</span>}
      {circular && <CircularFlag name={circular} anchor={node.circularAnchor ?? inner?.circularAnchor} />}
    </>
  );
}

/** A schema that repeats one opened above it: a link back to that row when the page has it. */
function CircularFlag({ name, anchor }: { name: string; anchor: string | undefined }) {
  const title = 'Repeats a schema shown above; not opened again';
  return anchor ? (
    <a className="schema-flag schema-circular" href={`#${anchor}`} title={title}>
      circular: {name}
    </a>
  ) : (
    <span className="schema-flag schema-circular" title={title}>
      circular: {name}
    </span>
  );
}

export function SchemaDetails({ node }: { node: SchemaNode }) {
  const values = node.enum ?? (node.items?.enum && node.type === 'array' ? node.items.enum : undefined);
  return (
    <>
      <Markdown html={node.description} className="schema-description" />
      {(values ||
        node.const !== undefined ||
        node.default !== undefined ||
        node.constraints ||
        node.example !== undefined) && (
        <dl className="schema-facts">
          {node.const !== undefined && (
            <Fact term="Value">
              <code>{show(node.const)}</code>
            </Fact>
          )}
          {values && (
            <Fact term={values.length === 1 ? 'Allowed value' : 'Allowed values'}>
              {values.map((v, i) => (
                <code key={i} className="schema-enum">
                  {show(v)}
                </code>
              ))}
            </Fact>
          )}
          {node.default !== undefined && (
            <Fact term="Default">
              <code>{show(node.default)}</code>
            </Fact>
          )}
          {node.constraints && (
            <Fact term="Constraints">
              {node.constraints.map((c) => (
                <span key={c} className="schema-constraint">
                  {c}
                </span>
              ))}
            </Fact>
          )}
          {node.example !== undefined && (
            <Fact term="Example">
              <code>{show(node.example)}</code>
            </Fact>
          )}
        </dl>
      )}
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="schema-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One property: a linkable row, and its nested schema in a closed <details> (opened by a link to a row inside). */
function PropertyRow({ prop, depth }: { prop: PropertyNode; depth: number }) {
  const nested = childrenOf(prop.schema);
  return (
    <li className={`schema-prop${prop.schema.deprecated ? ' is-deprecated' : ''}`} id={prop.anchor}>
      <div className="schema-prop-head">
        <code className="schema-name">{prop.name}</code>
        {prop.anchor && (
          <a className="schema-anchor" href={`#${prop.anchor}`} aria-label={`Link to ${prop.name}`}>
            #
          </a>
        )}
        <SchemaFacts node={prop.schema} required={prop.required} />
      </div>
      <SchemaDetails node={prop.schema} />
      {nested &&
        (nested.lazy ? (
          <LazySchema
            node={nested}
            depth={depth + 1}
            summary={nested === prop.schema ? 'Properties' : 'Item properties'}
          />
        ) : (
          <details className="schema-nested">
            <summary>
              {nested.variants && !nested.properties?.length
                ? 'Options'
                : nested === prop.schema
                  ? 'Properties'
                  : 'Item properties'}
            </summary>
            <SchemaBody node={nested} depth={depth + 1} />
          </details>
        ))}
    </li>
  );
}

/**
 * The inside of an object: its properties, a map's value schema, its oneOf/anyOf variants with a switcher
 * (first shown without JS, the others listed), or a note where the tree was cut.
 */
export function SchemaBody({ node, depth = 0 }: { node: SchemaNode; depth?: number }) {
  const target = node.type === 'array' && node.items && !node.properties ? node.items : node;
  if (target.lazy) return <LazySchema node={target} depth={depth} summary="Properties" />;
  return (
    <div className="schema-body">
      {target.discriminator && !target.variants && (
        <p className="schema-note">
          The <code>{target.discriminator}</code> property tells the variants apart.
        </p>
      )}
      {target.properties && target.properties.length > 0 && (
        <ul className="schema-props">
          {target.properties.map((p) => (
            <PropertyRow key={p.name} prop={p} depth={depth} />
          ))}
        </ul>
      )}
      {target.additionalProperties && (
        <div className="schema-map">
          <p className="schema-note">
            Any other key maps to <span className="schema-type">{typeLabel(target.additionalProperties)}</span>
          </p>
          <SchemaDetails node={target.additionalProperties} />
          {childrenOf(target.additionalProperties) && (
            <SchemaBody node={target.additionalProperties} depth={depth + 1} />
          )}
        </div>
      )}
      {target.variants && (
        <div className="schema-variants">
          <p className="schema-note">
            {target.variants.kind === 'oneOf' ? 'Exactly one of' : 'Any of'} {target.variants.options.length} shapes
            {target.variants.discriminator ? (
              <>
                , chosen by <code>{target.variants.discriminator}</code>
              </>
            ) : null}
            :
          </p>
          <Tabs
            label="Schema options"
            tabs={target.variants.options.map((o, i) => ({
              key: `${i}-${o.label}`,
              label:
                o.discriminatorValue && o.discriminatorValue !== o.label
                  ? `${o.label} (${o.discriminatorValue})`
                  : o.label,
              content: (
                <div className="schema-variant">
                  <p className="schema-variant-type">
                    <SchemaFacts node={o.schema} />
                  </p>
                  <SchemaDetails node={o.schema} />
                  {childrenOf(o.schema) && <SchemaBody node={o.schema} depth={depth + 1} />}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </div>
  );
}

type LazyState = { status: 'closed' | 'loading' | 'failed' } | { status: 'loaded'; schema: SchemaNode };

/**
 * A named schema the page left out to stay small (issue 20): a closed row that fetches the schema's file the
 * first time it opens, then shows it like any other. Without JavaScript it says where the schema is instead.
 */
function LazySchema({ node, depth, summary }: { node: SchemaNode; depth: number; summary: string }) {
  const site = useSite();
  const [state, setState] = useState<LazyState>({ status: 'closed' });
  const load = () => {
    if (state.status === 'loading' || state.status === 'loaded') return;
    setState({ status: 'loading' });
    fetch(`${site.baseUrl}${node.lazy}`)
      .then((response) =>
        response.ok ? (response.json() as Promise<SchemaFile>) : Promise.reject(new Error(`HTTP ${response.status}`)),
      )
      .then((file) => setState({ status: 'loaded', schema: file.schema }))
      .catch(() => setState({ status: 'failed' }));
  };
  return (
    <details className="schema-nested schema-lazy" onToggle={(event) => event.currentTarget.open && load()}>
      <summary>{summary}</summary>
      {state.status === 'loaded' ? (
        <SchemaBody node={state.schema} depth={depth} />
      ) : (
        <p className="schema-note" role="status">
          {state.status === 'loading' ? (
            `Loading ${node.name ?? 'the schema'}…`
          ) : state.status === 'failed' ? (
            <>
              {node.name ?? 'The schema'} could not be loaded.{' '}
              <button type="button" className="schema-retry" onClick={load}>
                Try again
              </button>
            </>
          ) : (
            <>{node.name ?? 'This schema'} opens with JavaScript on; the downloadable document has it in full.</>
          )}
        </p>
      )}
    </details>
  );
}

/** A whole schema (a body, a response): its type line and description, then its inside. */
export function SchemaTree({ node }: { node: SchemaNode }) {
  const inner = childrenOf(node);
  return (
    <div className="schema-tree">
      <p className="schema-root">
        <SchemaFacts node={node} />
      </p>
      <SchemaDetails node={node} />
      {inner && <SchemaBody node={node} />}
    </div>
  );
}
