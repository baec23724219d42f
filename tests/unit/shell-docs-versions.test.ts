import { describe, expect, it } from 'vitest';
import {
  versionCandidates,
  versionedItemHref,
  versionOfPath,
  versionTargetPath,
} from '../../templates/shell/docs-versions.ts';
import type { DocsVersion } from '../../templates/shared/types.ts';

const version = (
  name: string,
  base: string,
  isLast: boolean,
  ids: string[],
  sidebars: DocsVersion['sidebars'] = {},
): DocsVersion => ({
  name,
  label: name === 'current' ? 'Next' : name,
  base,
  isLast,
  docs: ids.map((id) => ({ id, path: `${base}/${id}`, unlisted: false })),
  sidebars,
  mainDocId: 'intro',
  mainDocPath: `${base}/intro`,
  draftIds: [],
  banner: isLast ? 'none' : 'unreleased',
});
const next = version('current', '/docs/next', false, ['intro', 'guides/setup', 'new'], {
  docs: { link: { path: '/docs/next/intro', label: 'Intro' } },
});
const v1 = version('1.0', '/docs', true, ['intro', 'guides/setup'], {
  docs: { link: { path: '/docs/intro', label: 'Intro' } },
});
const versions = [next, v1];

describe('which version a page is in', () => {
  it('is the version listing the doc, or a non-last version whose base holds the page', () => {
    expect(versionOfPath(versions, '/docs/next/new')?.name).toBe('current');
    expect(versionOfPath(versions, '/docs/guides/setup')?.name).toBe('1.0');
    expect(versionOfPath(versions, '/docs/next/tags/start')?.name).toBe('current');
  });
  it("is none on plain pages, the API reference and the last version's tag pages", () => {
    expect(versionOfPath(versions, '/')).toBeUndefined();
    expect(versionOfPath(versions, '/docs/api/orders')).toBeUndefined();
    expect(versionOfPath(versions, '/docs/tags')).toBeUndefined();
  });
});

describe('version candidates: the version read, then the preferred one, then the last', () => {
  it('prefers the version of the page being read over the stored preference', () => {
    expect(versionCandidates(versions, '/docs/intro', 'current').map((v) => v.name)).toEqual(['1.0', 'current']);
    expect(versionCandidates(versions, '/docs/next/intro', null).map((v) => v.name)).toEqual(['current', '1.0']);
  });
  it('uses the preference away from versioned docs, ignoring a name that is not a version', () => {
    expect(versionCandidates(versions, '/', 'current').map((v) => v.name)).toEqual(['current', '1.0']);
    expect(versionCandidates(versions, '/', '0.1').map((v) => v.name)).toEqual(['1.0']);
  });
});

describe('version dropdown targets', () => {
  it("lead to the same doc in each version, else to that version's main doc", () => {
    expect(versionTargetPath(versions, v1, '/docs/next/guides/setup')).toBe('/docs/guides/setup');
    expect(versionTargetPath(versions, v1, '/docs/next/new')).toBe('/docs/intro');
    expect(versionTargetPath(versions, next, '/')).toBe('/docs/next/intro');
  });
});

describe('version-aware navbar links', () => {
  it('point doc, docSidebar and docsVersion items into the first candidate that has their target', () => {
    const doc = {
      type: 'link',
      label: 'Setup',
      href: '/docs/guides/setup',
      external: false,
      position: 'left',
      docId: 'guides/setup',
    } as const;
    const onlyNext = { ...doc, href: '/docs/next/new', docId: 'new' };
    const sidebar = {
      type: 'link',
      label: 'Docs',
      href: '/docs/intro',
      external: false,
      position: 'left',
      sidebarId: 'docs',
    } as const;
    const docsVersion = { type: 'docsVersion', href: '/docs/intro', position: 'left' } as const;
    expect([doc, onlyNext, sidebar, docsVersion].map((item) => versionedItemHref(item, [next, v1]))).toEqual([
      '/docs/next/guides/setup',
      '/docs/next/new',
      '/docs/next/intro',
      '/docs/next/intro',
    ]);
    expect([doc, onlyNext, sidebar, docsVersion].map((item) => versionedItemHref(item, [v1]))).toEqual([
      '/docs/guides/setup',
      '/docs/next/new',
      '/docs/intro',
      '/docs/intro',
    ]);
  });
  it("keeps a docsVersion item's fixed target and plain links as built", () => {
    expect(
      versionedItemHref(
        { type: 'docsVersion', href: '/docs/guides/setup', to: '/docs/guides/setup', position: 'left' },
        [next, v1],
      ),
    ).toBe('/docs/guides/setup');
    expect(
      versionedItemHref({ type: 'link', label: 'About', href: '/about', external: false, position: 'left' }, [
        next,
        v1,
      ]),
    ).toBe('/about');
  });
});
