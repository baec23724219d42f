import { useSite } from '../site-context.tsx';
import type { FooterLink } from '../shared/types.ts';
import { Link } from './Link.tsx';
import { assetHref } from './NavbarBrand.tsx';

function FooterItem({ link }: { link: FooterLink }) {
  // Site authors' own HTML from the config, which the portal trusts.
  if (link.html) return <span className="footer-html" dangerouslySetInnerHTML={{ __html: link.html }} />;
  return (
    <Link href={link.href} className="footer-link">
      {link.label}
    </Link>
  );
}

/** spec §3 footer (issue 3 item 8): style dark or light; links flat or in titled columns; logo; copyright. */
export function Footer() {
  const site = useSite();
  const footer = site.footer;
  if (!footer) return null;
  // Flat links arrive as untitled single-link groups (src/routes/site-data.ts).
  const columns = footer.links.some((group) => group.title !== undefined);
  const logo = footer.logo;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        {footer.links.length > 0 &&
          (columns ? (
            <div className="footer-links">
              {footer.links.map((column, i) => (
                <div key={i} className="footer-column">
                  {column.title && <h2 className="footer-title">{column.title}</h2>}
                  <ul>
                    {column.items.map((link, j) => (
                      <li key={j}>
                        <FooterItem link={link} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          ) : (
            <ul className="footer-links-simple">
              {footer.links
                .flatMap((group) => group.items)
                .map((link, i) => (
                  <li key={i}>
                    <FooterItem link={link} />
                  </li>
                ))}
            </ul>
          ))}
        {(logo || footer.copyright) && (
          <div className="footer-bottom">
            {logo &&
              (() => {
                const img = (
                  <img
                    className="footer-logo-img"
                    src={assetHref(site, logo.src)}
                    alt={logo.alt}
                    {...(logo.width !== undefined ? { width: logo.width } : {})}
                    {...(logo.height !== undefined ? { height: logo.height } : {})}
                  />
                );
                return logo.href ? (
                  <Link href={logo.href} className="footer-logo">
                    {img}
                  </Link>
                ) : (
                  <div className="footer-logo">{img}</div>
                );
              })()}
            {footer.copyright && <p className="footer-copyright">{footer.copyright}</p>}
          </div>
        )}
      </div>
    </footer>
  );
}
