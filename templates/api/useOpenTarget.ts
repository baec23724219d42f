import { useEffect } from 'react';

/**
 * A link to a property inside a closed <details> (a nested schema, an error response) opens every
 * <details> around the target and scrolls to it, on load and on each hash change.
 */
export function useOpenTarget(): void {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      let hidden = false;
      for (let el: HTMLElement | null = target; el; el = el.parentElement) {
        if (el instanceof HTMLDetailsElement && !el.open) {
          el.open = true;
          hidden = true;
        }
      }
      if (hidden) target.scrollIntoView();
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
}
