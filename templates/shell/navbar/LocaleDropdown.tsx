import { useEffect, useState } from 'react';
import { useRouter } from '../../client/router-context.tsx';
import { useSite } from '../../site-context.tsx';
import { MobileDropdown, NavbarDropdown, type DropdownEntry } from '../Dropdown.tsx';
import { localeHref } from '../navbar-links.ts';

/** `location.search + location.hash`, kept current, so a locale link keeps them (spec §2). */
function useLocationSuffix(): string {
  const { path } = useRouter();
  const [suffix, setSuffix] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` is the trigger: a client-side navigation changes the query and hash without an event
  useEffect(() => {
    const update = () => setSuffix(window.location.search + window.location.hash);
    update();
    window.addEventListener('hashchange', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('hashchange', update);
      window.removeEventListener('popstate', update);
    };
  }, [path]);
  return suffix;
}

/**
 * spec §2: one link per locale to the same page path. A real menu even with one locale (issue 14), so readers
 * find the switcher where they expect it and it behaves like every other dropdown.
 */
export function LocaleDropdown({ label, mobile }: { label?: string | undefined; mobile: boolean }) {
  const site = useSite();
  const { path } = useRouter();
  const suffix = useLocationSuffix();
  const current = site.locales.find((l) => l.name === site.currentLocale) ?? site.locales[0];
  if (!current) return null;
  const icon = <GlobeIcon />;
  const entries: DropdownEntry[] = site.locales.map((locale) => ({
    label: locale.label,
    href: localeHref(site, locale, path, suffix),
    active: locale.name === current.name,
    fullLoad: true,
    lang: locale.htmlLang,
    // The hash may have changed without an event (client-side navigation): read it at click time.
    onSelect: (event) => {
      event.currentTarget.href = localeHref(site, locale, path, window.location.search + window.location.hash);
    },
  }));
  const text = (
    <>
      {icon}
      <span className="sr-only">Language: </span>
      {label ?? current.label}
    </>
  );
  return mobile ? (
    <MobileDropdown label={text} items={entries} />
  ) : (
    <NavbarDropdown label={text} items={entries} className="locale-dropdown" />
  );
}

function GlobeIcon() {
  return (
    <svg className="navbar-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a15.7 15.7 0 0 0-1.3-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h3c.3 1.3.8 2.5 1.3 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.3-3.6C8.9 5.5 8.4 6.7 8.1 8zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.5-1.1 1-2.3 1.3-3.6h3a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z"
      />
    </svg>
  );
}
