import { useId, useState, type ReactNode } from 'react';
import { useHydrated } from '../shell/use-hydrated.ts';

export interface Tab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs that degrade without JS. `stack`: before scripts run every panel shows under its own label (code
 * samples stay readable); otherwise the first panel shows and the others are listed, their HTML present
 * but hidden (oneOf variants, media types, examples), so anchors inside them still exist.
 */
export function Tabs({
  tabs,
  label,
  stack = false,
  className = '',
  initial = 0,
  selected,
  onSelect,
}: {
  tabs: readonly Tab[];
  label: string;
  stack?: boolean;
  className?: string;
  /** The tab shown first (a doc's `@theme/Tabs` may name one). */
  initial?: number;
  /** The tab to show instead of the one last chosen here: a choice made in another tab set of the same group. */
  selected?: number | undefined;
  /** Told of every choice made here (a tab group keeps its sets in step). */
  onSelect?: ((index: number) => void) | undefined;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(initial);
  const active = selected ?? chosen;
  const setActive = (index: number) => {
    setChosen(index);
    onSelect?.(index);
  };
  const id = useId();
  if (tabs.length === 0) return null;
  if (tabs.length === 1 && tabs[0]) return <div className={className}>{tabs[0].content}</div>;
  if (stack && !hydrated) {
    return (
      <div className={`api-tabs api-tabs-stacked ${className}`}>
        {tabs.map((tab) => (
          <div key={tab.key} className="api-tab-panel">
            <p className="api-tab-heading">{tab.label}</p>
            {tab.content}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={`api-tabs ${className}`}>
      <div role="tablist" aria-label={label} className="api-tab-list">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            className={`api-tab${i === active ? ' active' : ''}`}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = (active + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
              setActive(next);
              (e.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={i !== active}
          className="api-tab-panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
