import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { animateCollapse } from './collapse.ts';

// useLayoutEffect warns during server rendering; the animation only matters in the browser.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

const COLLAPSED = { display: 'none', overflow: 'hidden', height: 0 } as const;

/**
 * A block that opens and closes with a height animation (issue 3 item 4). The server renders the initial
 * state through `style`; afterwards the element's style is driven imperatively, never by React, so
 * re-renders cannot cut an animation short.
 */
export function Collapsible({
  open,
  id,
  className,
  children,
}: {
  open: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [initialOpen] = useState(open);
  const shown = useRef(open);
  useBrowserLayoutEffect(() => {
    const el = ref.current;
    if (!el || shown.current === open) return undefined;
    shown.current = open;
    return animateCollapse(el, open);
  }, [open]);
  return (
    <div ref={ref} id={id} className={className} style={initialOpen ? undefined : COLLAPSED}>
      {children}
    </div>
  );
}
