import type { ApiExample, ApiMediaType } from '../shared/api-model.ts';
import { CopyButton } from './CopyButton.tsx';
import { Markdown } from './Markdown.tsx';
import { SchemaTree } from './SchemaTree.tsx';
import { Tabs } from './Tabs.tsx';
import { adoptable } from './adopt.ts';

/** One example with its summary and a copy button (also the tag page's object example). */
export function ExampleBlock({ example }: { example: ApiExample }) {
  const text = typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2);
  return (
    <div className="api-example">
      {example.summary && <p className="api-example-summary">{example.summary}</p>}
      <Markdown html={example.description} />
      <div className="code-block">
        <div className="code-title">{example.generated ? 'Example (generated from the schema)' : 'Example'}</div>
        <CopyButton text={text} />
        <pre tabIndex={0}>
          <code {...adoptable}>{text}</code>
        </pre>
      </div>
    </div>
  );
}

/** One media type: the schema tree, then its examples (a switcher when there are several). */
function MediaType({ media }: { media: ApiMediaType }) {
  return (
    <div className="api-media">
      {media.schema ? (
        <SchemaTree node={media.schema} />
      ) : media.schemaShownAt ? (
        <p className="schema-note">
          <span className="schema-type">{media.schemaShownAt.name}</span>
          {': the same schema as '}
          <a href={`#${media.schemaShownAt.anchor}`}>{media.schemaShownAt.label}</a>.
        </p>
      ) : (
        <p className="schema-note">No schema given.</p>
      )}
      <Tabs
        label="Examples"
        tabs={media.examples.map((ex) => ({
          key: ex.name,
          label: ex.summary ?? ex.name,
          content: <ExampleBlock example={ex} />,
        }))}
      />
    </div>
  );
}

/** A body's media types: one shown directly, several as tabs (the first without JS, the others listed). */
export function MediaContent({ content }: { content: readonly ApiMediaType[] }) {
  if (content.length === 0) return null;
  if (content.length === 1 && content[0]) {
    return (
      <>
        <p className="api-media-type">
          Content type <code>{content[0].mediaType}</code>
        </p>
        <MediaType media={content[0]} />
      </>
    );
  }
  return (
    <Tabs
      label="Content types"
      className="api-media-tabs"
      tabs={content.map((m) => ({
        key: m.mediaType,
        label: <code>{m.mediaType}</code>,
        content: <MediaType media={m} />,
      }))}
    />
  );
}
