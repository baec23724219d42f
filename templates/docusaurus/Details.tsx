import { isValidElement, type ComponentProps, type ReactNode } from 'react';

/**
 * Docusaurus's `@theme/Details`: a native `<details>`, so it opens without JavaScript. `summary` is text or a
 * `<summary>` element; without one the children may bring their own `<summary>`, else it reads "Details".
 */
export default function Details({
  summary,
  children,
  ...rest
}: Omit<ComponentProps<'details'>, 'summary'> & { summary?: ReactNode }) {
  const ownSummary = isValidElement(summary) && summary.type === 'summary';
  const childSummary = !summary && hasSummary(children);
  return (
    <details {...rest}>
      {ownSummary ? summary : childSummary ? null : <summary>{summary ?? 'Details'}</summary>}
      {children}
    </details>
  );
}

const hasSummary = (children: ReactNode): boolean =>
  (Array.isArray(children) ? children : [children]).some((child) => isValidElement(child) && child.type === 'summary');
