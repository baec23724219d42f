import { useRouter } from '../../client/router-context.tsx';
import { useSite } from '../../site-context.tsx';
import { MobileDropdown, NavbarDropdown, type DropdownEntry } from '../Dropdown.tsx';
import { usePreferredVersion, useVersionCandidates, versionOfPath, versionTargetPath } from '../docs-versions.ts';

/**
 * Docs versions (issue 4 item 6): the version read (else preferred, else last) is shown and marked; on a doc
 * page each entry leads to the same doc in that version when it exists there, else to the version's main
 * doc. Choosing one remembers it per docs plugin (spec §4, §7). A menu even with one version (issue 14).
 */
export function VersionDropdown({ mobile }: { mobile: boolean }) {
  const site = useSite();
  const { path } = useRouter();
  const { setPreferred } = usePreferredVersion();
  const current = useVersionCandidates()[0];
  if (!current) return null;
  // The version shown is marked on every page; only on its own pages does the mobile menu open by itself.
  const reading = versionOfPath(site.versions, path);
  const entries: DropdownEntry[] = site.versions.map((v) => ({
    label: v.label,
    href: versionTargetPath(site.versions, v, path),
    active: v.name === current.name,
    isPage: v.name === reading?.name,
    onSelect: () => setPreferred(v.name),
  }));
  const text = (
    <>
      <VersionIcon />
      <span className="sr-only">Docs version: </span>
      {current.label}
    </>
  );
  return mobile ? (
    <MobileDropdown label={text} items={entries} />
  ) : (
    <NavbarDropdown label={text} items={entries} className="version-dropdown" />
  );
}

function VersionIcon() {
  return (
    <svg className="navbar-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        fill="currentColor"
        d="M21.4 11.6 12.4 2.6A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8zM5.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
      />
    </svg>
  );
}
