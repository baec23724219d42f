import { useEffect, useState, type RefObject } from 'react';

/**
 * spec §4 navbar visibility (issue 3 item 10): hidden when scrolling down past the navbar's height, shown
 * when scrolling up or near the top, and kept hidden when the page jumps to an in-page anchor.
 */
export function useHideOnScroll(
  enabled: boolean,
  navbar: RefObject<HTMLElement | null>,
): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let lastY = window.scrollY;
    // Set when a jump to an anchor is under way: the scroll it causes must not show the navbar.
    let jumping = false;
    const height = () => navbar.current?.offsetHeight ?? 0;

    const onScroll = () => {
      const y = window.scrollY;
      const previous = lastY;
      lastY = y;
      if (y < height()) {
        jumping = false;
        setHidden(false);
        return;
      }
      if (jumping) {
        jumping = false;
        setHidden(true);
        return;
      }
      if (y > previous) setHidden(true);
      // Not at the very bottom: an overscroll bounce there must not bring the navbar back.
      else if (y < previous && y + window.innerHeight < document.documentElement.scrollHeight - height())
        setHidden(false);
    };
    const isInPageJump = (anchor: HTMLAnchorElement): boolean => {
      if (!anchor.hash || anchor.target === '_blank') return false;
      try {
        const url = new URL(anchor.href, window.location.href);
        return (
          url.origin === window.location.origin &&
          url.pathname === window.location.pathname &&
          !!document.getElementById(decodeURIComponent(url.hash.slice(1)))
        );
      } catch {
        return false;
      }
    };
    // Capture phase: runs before the browser (or the router) scrolls to the anchor.
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (anchor && isInPageJump(anchor)) {
        jumping = true;
        setHidden(true);
      }
    };
    // Back/forward between anchors of the page.
    const onHashChange = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (id && document.getElementById(id)) setHidden(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onClick, true);
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [enabled, navbar]);
  return [enabled && hidden, setHidden];
}
