import type { ReactNode } from 'react';
import { ADMONITIONS, admonitionOf } from '../shared/admonitions.ts';

/**
 * Docusaurus's `@theme/Admonition`: `<Admonition type="tip" title="…">…</Admonition>`, the same block as a `:::tip`
 * in Markdown (src/content/plugins/admonitions.ts). An unknown type shows as `info`, as Docusaurus does.
 */
export default function Admonition({
  type = 'note',
  title,
  className,
  children,
}: {
  type?: string | undefined;
  title?: ReactNode;
  /** Docusaurus draws an icon; the portal's admonitions have none. */
  icon?: ReactNode;
  className?: string | undefined;
  children?: ReactNode;
}) {
  const admonition = admonitionOf(type) ?? (ADMONITIONS.info as { style: string; title: string });
  return (
    <aside className={`admonition admonition-${admonition.style}${className ? ` ${className}` : ''}`} role="note">
      <p className="admonition-title">{title ?? admonition.title}</p>
      {children}
    </aside>
  );
}
