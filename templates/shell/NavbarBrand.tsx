import { useSite } from '../site-context.tsx';
import { isExternalUrl, routeHref } from '../shared/urls.ts';
import type { SiteData } from '../shared/types.ts';
import { Link } from './Link.tsx';

/** A file under site/static (or a full URL) as the browser should request it. */
export const assetHref = (site: SiteData, src: string): string =>
  isExternalUrl(src) ? src : routeHref(site, `/${src.replace(/^\//, '')}`);

/** Title and logo; with `srcDark`, both images are in the page and CSS shows the one for the mode (no flash). */
export function NavbarBrand() {
  const site = useSite();
  const { logo, title } = site.navbar;
  const img = (src: string, className: string) =>
    logo && (
      <img
        className={`navbar-logo ${className}`}
        src={assetHref(site, src)}
        alt={logo.alt}
        {...(logo.width !== undefined ? { width: logo.width } : {})}
        {...(logo.height !== undefined ? { height: logo.height } : {})}
      />
    );
  return (
    <Link href={logo?.href ?? '/'} className="navbar-brand" {...(logo?.target ? { target: logo.target } : {})}>
      {logo && img(logo.src, logo.srcDark ? 'themed-light' : '')}
      {logo?.srcDark && img(logo.srcDark, 'themed-dark')}
      {title && <b className="navbar-title">{title}</b>}
    </Link>
  );
}
