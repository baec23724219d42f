import type { ApiCodeSampleView } from '../shared/api-model.ts';
import { CopyButton } from './CopyButton.tsx';
import { Tabs } from './Tabs.tsx';
import { adoptable } from './adopt.ts';

/**
 * cURL, JavaScript, Python, PHP and the document's own samples: tabs, or all of them stacked without JS.
 * The HTML is Prism's token spans around escaped text, made at build time (src/apiref/highlight.ts).
 */
export function CodeSamples({ samples }: { samples: readonly ApiCodeSampleView[] }) {
  return (
    <Tabs
      label="Code samples"
      stack
      className="api-code-samples"
      tabs={samples.map((s, i) => ({
        key: `${i}-${s.lang}`,
        label: s.label,
        content: (
          <div className="code-block" data-lang={s.lang}>
            <CopyButton />
            {/* Long commands scroll sideways: a keyboard user focuses the block to scroll it (axe). */}
            <pre tabIndex={0}>
              <code className={`language-${s.lang}`} {...adoptable} dangerouslySetInnerHTML={s.html} />
            </pre>
          </div>
        ),
      }))}
    />
  );
}
