import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useRouter } from '../client/router-context.tsx';
import { useSite } from '../site-context.tsx';
import { highlight, markedWords, snippet } from './highlight.ts';
import type { SectionHit } from './query.ts';
import { SEARCH_STYLES } from './search-styles.ts';
import { createSiteSearchEngine, useSearch } from './use-search.ts';

export interface SearchDialogProps {
  open: boolean;
  /** Changes with every request to open: the field takes focus again. */
  focusRequest: number;
  /** `returnFocus`: closed without opening a result, so focus goes back to the navbar button. */
  onClose: (returnFocus: boolean) => void;
}

const DESKTOP = '(min-width: 997px)';

/** Where a result leads: its page, at the matched heading. */
const hitHref = (hit: SectionHit): string => (hit.anchor ? `${hit.page}#${encodeURIComponent(hit.anchor)}` : hit.page);

function Marked({ text, words }: { text: string; words: readonly string[] }): ReactNode {
  return highlight(text, words).map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text));
}

/**
 * The search dialog (issue 7), loaded on first use: a combobox whose listbox groups results by page, each
 * option a matched section with the words marked. Arrows move, Enter opens the page at the section through
 * the client-side router, Escape closes. It stays mounted once opened, so a reopened search shows the last
 * query and reuses the shards already fetched.
 */
export function SearchDialog({ open, focusRequest, onClose }: SearchDialogProps) {
  const site = useSite();
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a rebuild shown in place (`portal serve`) has an index of its own
  const engine = useMemo(() => createSiteSearchEngine(site.baseUrl), [site.baseUrl, router.revision]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const state = useSearch(engine, query);
  const results = state.status === 'done' || state.status === 'loading' ? state.results : undefined;
  const hits = useMemo(() => results?.pages.flatMap((p) => p.sections) ?? [], [results]);
  const optionId = (i: number) => `${id}-option-${i}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results put the first hit back under the cursor
  useEffect(() => setActive(0), [results]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request to focus (a second Ctrl+K while open) selects the query again
  useLayoutEffect(() => {
    if (open) input.current?.select();
  }, [open, focusRequest]);
  // The view narrowed to mobile, where search is hidden (spec §2): close.
  useEffect(() => {
    if (!open) return;
    const media = window.matchMedia(DESKTOP);
    const onChange = () => !media.matches && onClose(false);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [open, onClose]);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const openHit = (hit: SectionHit | undefined) => {
    if (!hit) return;
    onClose(false);
    router.navigate(hitHref(hit));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const n = hits.length;
    if (e.key === 'ArrowDown' && n) setActive((a) => (a + 1) % n);
    else if (e.key === 'ArrowUp' && n) setActive((a) => (a - 1 + n) % n);
    else if (e.key === 'Home' && n && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && n && e.ctrlKey) setActive(n - 1);
    else if (e.key === 'Enter' && !e.nativeEvent.isComposing) openHit(hits[active]);
    else if (e.key === 'Escape') onClose(true);
    else if (e.key === 'Tab') {
      // Focus stays in the dialog (aria-modal): the field and the close button take turns.
      const close = (e.currentTarget as HTMLElement).querySelector<HTMLElement>('.search-close');
      (document.activeElement === input.current ? close : input.current)?.focus();
    } else return;
    e.preventDefault();
  };

  const status =
    state.status === 'error'
      ? `Search is unavailable: ${state.message}`
      : state.status === 'idle'
        ? ''
        : state.status === 'loading' && !results
          ? 'Searching…'
          : hits.length === 0
            ? `No results for “${query.trim()}”`
            : `${hits.length} result${hits.length === 1 ? '' : 's'} on ${results?.pages.length} page${results?.pages.length === 1 ? '' : 's'}${results?.allTermsMatched ? '' : ', matching some of the words'}`;

  let index = -1;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes, as Escape does from the keyboard
    <div className="search-overlay" hidden={!open} onMouseDown={(e) => e.target === e.currentTarget && onClose(true)}>
      <style>{SEARCH_STYLES}</style>
      <div
        className="search-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search the documentation"
        onKeyDown={onKeyDown}
      >
        <div className="search-bar">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 1 0 4.9 14.3l5.4 5.4 1.4-1.4-5.4-5.4A8 8 0 0 0 10 2zm0 2a6 6 0 1 1 0 12 6 6 0 0 1 0-12z"
            />
          </svg>
          <input
            ref={input}
            className="search-input"
            type="text"
            role="combobox"
            aria-label="Search the documentation"
            aria-expanded={hits.length > 0}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            {...(hits.length ? { 'aria-activedescendant': optionId(active) } : {})}
            placeholder="Search docs and API"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button
            type="button"
            className="search-close"
            onClick={() => onClose(true)}
            aria-label="Esc: close the search"
          >
            Esc
          </button>
        </div>
        <div
          className="search-results"
          id={`${id}-results`}
          role="listbox"
          aria-label="Search results"
          data-query={state.status === 'done' ? state.results.query : undefined}
        >
          {results?.pages.map((page) => {
            const pageWords = markedWords(page.sections.flatMap((s) => s.matched));
            return (
              // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, where a fieldset is not allowed
              <div key={page.page} role="group" aria-label={page.pageTitle} className="search-page">
                <div className="search-page-title" aria-hidden="true">
                  <Marked text={page.pageTitle} words={pageWords} />
                </div>
                {page.sections.map((hit) => {
                  const i = ++index;
                  const words = markedWords(hit.matched);
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the listbox pattern: focus stays in the input, arrows move aria-activedescendant, Enter opens
                    <div
                      key={hit.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={`search-hit${i === active ? ' active' : ''}`}
                      onMouseMove={() => i !== active && setActive(i)}
                      onClick={() => openHit(hit)}
                      data-href={hitHref(hit)}
                    >
                      <div className="search-hit-title">
                        {hit.method && <span className={`badge method-${hit.method.toLowerCase()}`}>{hit.method}</span>}
                        {hit.path ? (
                          <code className="search-hit-path">
                            <Marked text={hit.path} words={words} />
                          </code>
                        ) : (
                          <span>
                            <Marked text={hit.heading ?? page.pageTitle} words={words} />
                          </span>
                        )}
                      </div>
                      {hit.text && (
                        <div className="search-hit-text">
                          <Marked text={snippet(hit.text, words)} words={words} />
                        </div>
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <div className="search-status" role="status" aria-live="polite">
          {status}
        </div>
        <div className="search-keys" aria-hidden="true">
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> to move
          </span>
          <span>
            <kbd>Enter</kbd> to open
          </span>
          <span>
            <kbd>Esc</kbd> to close
          </span>
        </div>
      </div>
    </div>,
    document.body,
  );
}
