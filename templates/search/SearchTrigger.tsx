import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { SearchDialogProps } from './SearchDialog.tsx';

/**
 * The navbar's search item (issue 7): the only search code in a first visit. The dialog, MiniSearch and the
 * index are fetched on first use (a dynamic import, so esbuild puts them in a chunk of their own) and
 * fetched ahead when the pointer or focus reaches the button.
 */
const loadDialog = () => import('./SearchDialog.tsx');

/** spec §2: search is hidden on mobile, 996px and below (spec §9). */
const DESKTOP = '(min-width: 997px)';

/** Typing `/` into a field is text, not the shortcut. */
const isEditable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export function SearchTrigger() {
  const button = useRef<HTMLButtonElement>(null);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  // Bumped by every request to open, so a shortcut pressed while open focuses the field again.
  const [request, setRequest] = useState(0);

  const preload = useCallback(() => {
    loadDialog().then(
      (m) => setDialog(() => m.SearchDialog),
      (err: unknown) => console.error('Portal: the search could not be loaded.', err),
    );
  }, []);
  const show = useCallback(() => {
    preload();
    setOpen(true);
    setRequest((n) => n + 1);
  }, [preload]);

  // Ctrl/Cmd+K anywhere, `/` outside text fields: open the search with its field focused.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || !window.matchMedia(DESKTOP).matches) return;
      const modK = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditable(e.target);
      if (!modK && !slash) return;
      e.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="navbar-item navbar-search"
        data-search=""
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open && Dialog !== null}
        aria-keyshortcuts="Control+K Meta+K /"
        title="Search (Ctrl+K or /)"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 1 0 4.9 14.3l5.4 5.4 1.4-1.4-5.4-5.4A8 8 0 0 0 10 2zm0 2a6 6 0 1 1 0 12 6 6 0 0 1 0-12z"
          />
        </svg>
        <span className="navbar-search-label">Search</span>
      </button>
      {Dialog && <Dialog open={open} focusRequest={request} onClose={close} />}
    </>
  );
}
