import type { AnchorHTMLAttributes } from 'react';
import { Link as PortalLink } from '../../shell/Link.tsx';

/**
 * Docusaurus's `@docusaurus/Link`: `<Link to="/docs/intro">`, the portal's own link (templates/shell/Link.tsx), which
 * adds the base URL and navigates in place; `href` works too, and external URLs open in a new tab as elsewhere.
 */
export default function Link({
  to,
  href,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string | undefined; href?: string | undefined }) {
  return <PortalLink href={to ?? href} {...rest} />;
}
