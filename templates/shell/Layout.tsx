import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useRouter } from '../client/router-context.tsx';
import type { PageData } from '../shared/types.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { addTryItButtons } from '../liquid/try-it.ts';
import { addCopyButtons } from './code-copy.ts';
import { ColorModeProvider } from './color-mode.tsx';
import { usePreferredVersion } from './docs-versions.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

/** Moves focus to the page's main area (`#__main`, which every template renders with tabIndex -1). */
function SkipToContent() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('__main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #__main; the handler only moves focus there too
    <a className="skip-link" href="#__main" onClick={onClick}>
      Skip to main content
    </a>
  );
}

/**
 * spec §2 page shell, in this order: skip link, announcement bar, navbar, main area, footer. `page` gives
 * the mobile panel the doc sidebar (its secondary menu); without it the panel shows the navbar items only.
 */
export function Layout({ children, page }: { children: ReactNode; page?: PageData | undefined }) {
  const { path } = useRouter();
  // Content changes with the route: enhance its code blocks after each change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the DOM it enhances changes with the route
  useEffect(() => {
    const content = document.getElementById('__portal') ?? document;
    addCopyButtons(content);
    addTryItButtons(content);
  }, [path]);
  // spec §4: a remembered docs version that no longer exists is forgotten on load, whatever the navbar holds.
  usePreferredVersion();
  return (
    <ColorModeProvider>
      <SkipToContent />
      <AnnouncementBar />
      <Navbar page={page} />
      <div className="main-wrapper">{children}</div>
      <Footer />
    </ColorModeProvider>
  );
}
