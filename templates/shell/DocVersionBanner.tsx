import { useSite } from '../site-context.tsx';
import { usePreferredVersion, versionOfPath, versionTargetPath } from './docs-versions.ts';
import { Link } from './Link.tsx';

/**
 * The note above a doc of a version other than the last (issue 4 item 6): an older version is no longer
 * maintained, a newer one (such as `current`, "Next") is not released yet. It links to the same doc in the
 * last version when that version has it, else to its main doc; following the link makes the last version
 * the preferred one, as choosing it in the dropdown would.
 */
export function DocVersionBanner({ path }: { path: string }) {
  const site = useSite();
  const { setPreferred } = usePreferredVersion();
  const version = versionOfPath(site.versions, path);
  const latest = site.versions.find((v) => v.isLast);
  if (!version || !latest || version.isLast || version.banner === 'none') return null;
  const target = versionTargetPath(site.versions, latest, path);
  const samePage = target !== latest.mainDocPath || version.mainDocPath === path;
  return (
    <div className="admonition admonition-warning doc-version-banner" role="note" data-banner={version.banner}>
      <p>
        {version.banner === 'unreleased' ? (
          <>
            This page documents version <strong>{version.label}</strong>, which has not been released yet.
          </>
        ) : (
          <>
            This page documents version <strong>{version.label}</strong>, which is no longer actively maintained.
          </>
        )}
      </p>
      <p>
        For up-to-date documentation, read{' '}
        <Link href={target} onClick={() => setPreferred(latest.name)}>
          {samePage ? 'this page' : 'the docs'} in the latest version ({latest.label})
        </Link>
        .
      </p>
    </div>
  );
}
