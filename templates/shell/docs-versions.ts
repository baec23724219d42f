import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { useSite } from '../site-context.tsx';
import type { DocsVersion, NavItem } from '../shared/types.ts';
import { preferredVersionKey } from '../shared/storage-keys.ts';
import { listenStorage, readStorage, removeStorage, writeStorage } from './storage.ts';

/** Tells the other navbar items of this tab that the preferred version changed (`storage` fires in other tabs only). */
const PREFERENCE_CHANGED = 'portal:docs-preferred-version';

/**
 * The version a page belongs to (issue 4 item 6): the one listing the path among its docs, else a version
 * other than the last whose base holds the path (its tag and category pages). Undefined elsewhere: plain
 * pages, the API reference, and the last version's tag pages, which are not "in" a version.
 */
export function versionOfPath(versions: readonly DocsVersion[], path: string): DocsVersion | undefined {
  const byDoc = versions.find((v) => v.docs.some((d) => d.path === path));
  if (byDoc) return byDoc;
  return versions
    .filter((v) => !v.isLast && (path === v.base || path.startsWith(`${v.base}/`)))
    .sort((a, b) => b.base.length - a.base.length)[0];
}

/**
 * The versions a version-aware link may point into, best first (Docusaurus's order): the version being
 * read, then the reader's preferred one, then the last one. Never empty while the site has versions.
 */
export function versionCandidates(
  versions: readonly DocsVersion[],
  path: string,
  preferred: string | null,
): DocsVersion[] {
  const list = [
    versionOfPath(versions, path),
    versions.find((v) => v.name === preferred),
    versions.find((v) => v.isLast) ?? versions[0],
  ];
  return list.filter((v, i): v is DocsVersion => v !== undefined && list.indexOf(v) === i);
}

/** Where a version's dropdown entry leads from `path`: the same doc in that version when it has it, else its main doc. */
export function versionTargetPath(versions: readonly DocsVersion[], target: DocsVersion, path: string): string {
  const id = versionOfPath(versions, path)?.docs.find((d) => d.path === path)?.id;
  return (id !== undefined ? target.docs.find((d) => d.id === id)?.path : undefined) ?? target.mainDocPath;
}

/**
 * Where a doc, docSidebar or docsVersion navbar item points for these candidates: into the first candidate
 * version that has its doc or sidebar. Other items, and items no candidate can serve, keep the build's href.
 */
export function versionedItemHref(
  item: Extract<NavItem, { type: 'link' } | { type: 'docsVersion' }>,
  candidates: readonly DocsVersion[],
): string {
  if (item.type === 'docsVersion') return item.to ?? candidates[0]?.mainDocPath ?? item.href;
  if (item.docId !== undefined) {
    const id = item.docId;
    for (const v of candidates) {
      const doc = v.docs.find((d) => d.id === id);
      if (doc) return doc.path;
    }
  } else if (item.sidebarId !== undefined) {
    const id = item.sidebarId;
    for (const v of candidates) {
      const link = v.sidebars[id]?.link;
      if (link) return link.path;
    }
  }
  return item.href;
}

/**
 * The reader's preferred docs version, stored per docs plugin under `docs-preferred-version-<pluginId>`
 * (spec §4, §7). Read after hydration (storage does not exist on the server); a stored name that is not a
 * version of the site any more is removed.
 */
export function usePreferredVersion(): { preferred: string | null; setPreferred(name: string): void } {
  const site = useSite();
  const key = preferredVersionKey(site.docsPluginId);
  const [preferred, setState] = useState<string | null>(null);
  useEffect(() => {
    const sync = () => {
      const stored = readStorage(key);
      if (stored !== null && !site.versions.some((v) => v.name === stored)) {
        removeStorage(key);
        setState(null);
      } else setState(stored);
    };
    sync();
    const stop = listenStorage(key, sync);
    window.addEventListener(PREFERENCE_CHANGED, sync);
    return () => {
      stop();
      window.removeEventListener(PREFERENCE_CHANGED, sync);
    };
  }, [key, site.versions]);
  const setPreferred = useCallback(
    (name: string) => {
      writeStorage(key, name);
      window.dispatchEvent(new Event(PREFERENCE_CHANGED));
    },
    [key],
  );
  return { preferred, setPreferred };
}

/** `versionCandidates` for the current page and preference. */
export function useVersionCandidates(): DocsVersion[] {
  const site = useSite();
  const { path } = useRouter();
  const { preferred } = usePreferredVersion();
  return useMemo(() => versionCandidates(site.versions, path, preferred), [site.versions, path, preferred]);
}
