import { routeHref, useSite } from '../site-context.tsx';
import { Link } from './Link.tsx';

export function Footer() {
  const site = useSite();
  const footer = site.footer;
  if (!footer) return null;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        {footer.links.length > 0 && (
          <div className="footer-links">
            {footer.links.map((column, i) => (
              <div key={i} className="footer-column">
                {column.title && <p className="footer-title">{column.title}</p>}
                <ul>
                  {column.items.map((link, j) => (
                    <li key={j}>
                      {link.html ? <span dangerouslySetInnerHTML={{ __html: link.html }} /> : <Link href={link.href} className="footer-link">{link.label}</Link>}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {footer.logo && (
          <a className="footer-logo" href={routeHref(site, footer.logo.href ?? '/')}>
            <img src={routeHref(site, `/${footer.logo.src.replace(/^\//, '')}`)} alt={footer.logo.alt} width={footer.logo.width} height={footer.logo.height} />
          </a>
        )}
        {footer.copyright && <p className="footer-copyright">{footer.copyright}</p>}
      </div>
    </footer>
  );
}
