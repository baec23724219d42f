import type { NavItem } from '../types.ts';
import { useRouter } from '../client/router-context.tsx';
import { routeHref, useSite } from '../site-context.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { Link } from './Link.tsx';

function isActive(path: string, base: string | undefined): boolean {
  return !!base && (path === base || path.startsWith(`${base}/`));
}

function NavbarItemView({ item }: { item: NavItem }) {
  const { path } = useRouter();
  switch (item.type) {
    case 'link':
      return (
        <Link href={item.href} className={`navbar-link${isActive(path, item.activeBase) ? ' active' : ''}`} {...(isActive(path, item.activeBase) ? { 'aria-current': 'page' } : {})}>
          {item.label}
        </Link>
      );
    case 'dropdown':
      return (
        <div className="navbar-dropdown">
          <button type="button" className="navbar-link" aria-haspopup="true" aria-expanded="false">{item.label}</button>
          <ul className="dropdown-menu">
            {item.items.map((sub) => (
              <li key={sub.href + sub.label}><Link href={sub.href} className="dropdown-link">{sub.label}</Link></li>
            ))}
          </ul>
        </div>
      );
    case 'html':
      // Site authors' own HTML from the config, which the portal trusts (SECURITY.md).
      return <span className="navbar-html" dangerouslySetInnerHTML={{ __html: item.value }} />;
    case 'search':
      return <div className="navbar-search" data-search="" />;
    case 'docsVersion':
      return <Link href={item.href} className="navbar-link">{item.label ?? 'Docs'}</Link>;
    case 'localeDropdown':
    case 'docsVersionDropdown':
      return null;
  }
}

export function Navbar() {
  const site = useSite();
  const { navbar } = site;
  const left = navbar.items.filter((i) => i.position === 'left');
  const right = navbar.items.filter((i) => i.position === 'right');
  return (
    <nav className={`navbar${navbar.style ? ` navbar-${navbar.style}` : ''}`} aria-label="Main">
      <div className="navbar-inner">
        <a className="navbar-brand" href={routeHref(site, navbar.logo?.href ?? '/')}>
          {navbar.logo && <img className="navbar-logo" src={routeHref(site, `/${navbar.logo.src.replace(/^\//, '')}`)} alt={navbar.logo.alt} width={navbar.logo.width} height={navbar.logo.height} />}
          {navbar.title && <b className="navbar-title">{navbar.title}</b>}
        </a>
        <div className="navbar-items">
          {left.map((item, i) => <NavbarItemView key={i} item={item} />)}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item, i) => <NavbarItemView key={i} item={item} />)}
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
        </div>
      </div>
    </nav>
  );
}
