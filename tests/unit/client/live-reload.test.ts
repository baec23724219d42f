import { describe, expect, it } from 'vitest';
import { hotRoute, liveAction } from '../../../templates/client/live-reload.ts';
import type { LoadedRoute } from '../../../templates/shell/App.tsx';
import type { HotUpdate } from '../../../templates/shared/live-update.ts';

const page = { base: '/', shell: 'aaa' };
const update = (...builds: Array<{ base: string; shell: string; manifest: string }>) => JSON.stringify({ builds });

describe('how an open page takes a rebuild under portal serve (issue 16 item 3)', () => {
  it("shows its route again from its own locale's new manifest when the shell is the same", () => {
    const data = update(
      { base: '/', shell: 'aaa', manifest: '/_portal/manifest-2.json' },
      { base: '/fr/', shell: 'bbb', manifest: '/fr/_portal/manifest-3.json' },
    );
    expect(liveAction(data, page)).toEqual({ manifest: '/_portal/manifest-2.json' });
    expect(liveAction(data, { base: '/fr/', shell: 'bbb' })).toEqual({ manifest: '/fr/_portal/manifest-3.json' });
  });

  it('loads the page again when the shell changed, its locale is missing, or the event says nothing it knows', () => {
    expect(liveAction(update({ base: '/', shell: 'ccc', manifest: '/m.json' }), page)).toBe('reload');
    expect(liveAction(update({ base: '/fr/', shell: 'aaa', manifest: '/m.json' }), page)).toBe('reload');
    expect(liveAction(update({ base: '/', shell: 'aaa', manifest: '/m.json' }), { base: '/', shell: undefined })).toBe(
      'reload',
    );
    expect(liveAction('', page)).toBe('reload');
    expect(liveAction('{}', page)).toBe('reload');
    expect(liveAction('null', page)).toBe('reload');
  });

  it('waits for the final update when an early one is not its own to take, instead of reloading into the old output', () => {
    const early = (b: { base: string; shell: string; manifest: string }) =>
      JSON.stringify({ builds: [b], early: true });
    expect(liveAction(early({ base: '/', shell: 'aaa', manifest: '/m.json' }), page)).toEqual({ manifest: '/m.json' });
    // Another locale's client side was ready first; this page's comes later.
    expect(liveAction(early({ base: '/fr/', shell: 'bbb', manifest: '/fr/m.json' }), page)).toBe('wait');
    // A shell change needs the new HTML, which the final update brings.
    expect(liveAction(early({ base: '/', shell: 'ccc', manifest: '/m.json' }), page)).toBe('wait');
  });
});

describe('an edit shown before its rebuild (hotRoute, issue 16)', () => {
  const Template = () => null;
  const Old = () => null;
  const sidebar = [{ type: 'link' as const, label: 'Intro', href: '/docs/intro' }];
  const hotContent = (nodes: unknown[]) => Object.assign(() => null, { nodes });
  const shown = {
    page: { path: '/docs/intro', kind: 'page', title: 'Intro', toc: [], hideToc: false, sidebar },
    Template,
    Content: Old,
    hotContent,
  } as unknown as LoadedRoute;
  const hot = (base: string, path = '/docs/intro'): HotUpdate => ({
    base,
    routes: [
      {
        path,
        page: { path, kind: 'doc', title: 'Intro', toc: [{ depth: 2, text: 'New', id: 'new' }], hideToc: false },
        nodes: [['p', 0, 'New text']],
      },
    ],
  });

  it('shows the new body and page data with the template and sidebar the page has', () => {
    const route = hotRoute(hot('/'), '/', '/docs/intro', shown);
    expect(route?.Template).toBe(Template);
    expect(route?.page.sidebar).toBe(sidebar);
    expect(route?.page.toc).toEqual([{ depth: 2, text: 'New', id: 'new' }]);
    expect((route?.Content as unknown as { nodes: unknown }).nodes).toEqual([['p', 0, 'New text']]);
  });

  it("leaves the page alone for another locale's build, another route, or a page without the Markdown template", () => {
    expect(hotRoute(hot('/fr/'), '/', '/docs/intro', shown)).toBeUndefined();
    expect(hotRoute(hot('/', '/docs/other'), '/', '/docs/intro', shown)).toBeUndefined();
    const { hotContent: _none, ...withoutTemplate } = shown;
    expect(hotRoute(hot('/'), '/', '/docs/intro', withoutTemplate)).toBeUndefined();
  });
});
