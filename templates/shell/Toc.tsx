import { useEffect, useId, useState } from 'react';
import type { TocItem } from '../shared/types.ts';
import { buildTocTree, pickActiveHeading, type TocNode } from './toc-tree.ts';

function useActiveHeading(items: readonly TocItem[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const navbar = document.querySelector<HTMLElement>('.navbar');
      const offset = (navbar && !navbar.classList.contains('navbar-hidden') ? navbar.offsetHeight : 0) + 8;
      const tops = items.flatMap((item) => {
        const el = document.getElementById(item.id);
        return el ? [{ id: item.id, top: el.getBoundingClientRect().top }] : [];
      });
      setActive(pickActiveHeading(tops, offset, window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items]);
  return active;
}

function Tree({ nodes, active, onPick }: { nodes: readonly TocNode[]; active: string | null; onPick(): void }) {
  return (
    <ul className="toc-list">
      {nodes.map((node) => (
        <li key={node.id}>
          <a
            href={`#${node.id}`}
            className={`toc-link${node.id === active ? ' active' : ''}`}
            {...(node.id === active ? { 'aria-current': 'location' as const } : {})}
            onClick={onPick}
          >
            {node.text}
          </a>
          {node.children.length > 0 && <Tree nodes={node.children} active={active} onPick={onPick} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * spec §9 / issue 3 item 5: the page's headings (levels from the build, 2–3 by default), the one in view
 * highlighted while scrolling. At 996 px and below it sits above the content behind an "On this page" toggle.
 */
export function TableOfContents({ items }: { items: readonly TocItem[] }) {
  const active = useActiveHeading(items);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  if (items.length === 0) return null;
  return (
    <nav className={`toc${open ? ' toc-open' : ''}`} aria-label="On this page">
      <button
        type="button"
        className="toc-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        On this page
      </button>
      <p className="toc-title">On this page</p>
      <div id={bodyId} className="toc-body">
        <Tree nodes={buildTocTree(items)} active={active} onPick={() => setOpen(false)} />
      </div>
    </nav>
  );
}
