import { describe, expect, it } from 'vitest';
import { liveAction } from '../../../templates/client/live-reload.ts';

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
