interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** spec §2: prefetch is skipped on slow-2g connections and when data saving is on. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return !(connection && (connection.effectiveType === 'slow-2g' || connection.saveData === true));
}

export interface LinkObserver {
  /** Watches the internal links under `root` that it does not watch yet. */
  observe(root: ParentNode): void;
  disconnect(): void;
}

/** Client runtime: calls `onVisible(href)` once for each internal link (`a[data-internal]`) that comes into view. */
export function createLinkObserver(onVisible: (href: string) => void): LinkObserver {
  if (typeof IntersectionObserver === 'undefined') return { observe() {}, disconnect() {} };
  const seen = new WeakSet<Element>();
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      io.unobserve(entry.target);
      const href = entry.target.getAttribute('href');
      if (href) onVisible(href);
    }
  });
  return {
    observe(root) {
      for (const a of root.querySelectorAll('a[data-internal]')) {
        if (seen.has(a)) continue;
        seen.add(a);
        io.observe(a);
      }
    },
    disconnect: () => io.disconnect(),
  };
}
