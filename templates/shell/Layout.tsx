import type { ReactNode } from 'react';
import { useSite } from '../site-context.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

/** spec §2 page shell: skip link, announcement bar, navbar, main, footer, in that order. */
export function Layout({ children }: { children: ReactNode }) {
  const site = useSite();
  const bar = site.announcementBar;
  return (
    <>
      <a className="skip-link" href="#__main">Skip to main content</a>
      {bar && (
        <div className="announcement-bar" data-announcement-id={bar.id} style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }} role="region" aria-label="Announcement">
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
        </div>
      )}
      <Navbar />
      <div className="main-wrapper">{children}</div>
      <Footer />
    </>
  );
}
