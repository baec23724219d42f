import type { ApiCodeSample } from './model.ts';
import { CopyButton } from './CopyButton.tsx';
import { Tabs } from './Tabs.tsx';

/** cURL, JavaScript, Python, PHP and the document's own samples: tabs, or all of them stacked without JS. */
export function CodeSamples({ samples }: { samples: readonly ApiCodeSample[] }) {
  return (
    <Tabs
      label="Code samples"
      stack
      className="api-code-samples"
      tabs={samples.map((s) => ({
        key: s.lang + s.label,
        label: s.label,
        content: (
          <div className="code-block" data-lang={s.lang}>
            <CopyButton text={s.source} />
            <pre>
              <code className={`language-${s.lang}`}>{s.source}</code>
            </pre>
          </div>
        ),
      }))}
    />
  );
}
