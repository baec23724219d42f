import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { colorModeScript } from '../../src/render/document.ts';
import type { SiteData } from '../../templates/shared/types.ts';

const site = (colorMode: Partial<SiteData['colorMode']> = {}, bar = true): SiteData => ({
  title: 'T',
  tagline: '',
  url: 'https://t.example',
  baseUrl: '/',
  navbar: { hideOnScroll: false, items: [] },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false, ...colorMode },
  ...(bar
    ? { announcementBar: { id: 'v2', content: 'Hi', backgroundColor: '#fff', textColor: '#000', isCloseable: true } }
    : {}),
  locales: [],
  currentLocale: 'en',
  versions: [],
  docsPluginId: 'default',
});

/** Runs the inline script against a fake <html>, storage and media query; returns what it set. */
function run(script: string, env: { storage?: Record<string, string>; dark?: boolean; storageThrows?: boolean } = {}) {
  const attrs: Record<string, string> = {};
  const store = new Map(Object.entries(env.storage ?? {}));
  const context: Record<string, unknown> = {
    document: { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } },
    matchMedia: () => ({ matches: env.dark ?? false }),
  };
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, String(v)),
    removeItem: (k: string) => store.delete(k),
  };
  Object.defineProperty(context, 'localStorage', {
    get() {
      if (env.storageThrows) throw new Error('SecurityError');
      return localStorage;
    },
  });
  vm.runInNewContext(script, context);
  return { attrs, storage: Object.fromEntries(store) };
}

describe('pre-paint script (issue 3 items 6–7)', () => {
  it('uses the stored theme, else the default; the system preference only when respected', () => {
    expect(run(colorModeScript(site()), { storage: { theme: 'dark' } }).attrs).toEqual({ 'data-theme': 'dark' });
    expect(run(colorModeScript(site()), { dark: true }).attrs).toEqual({ 'data-theme': 'light' });
    expect(run(colorModeScript(site({ defaultMode: 'dark' }))).attrs).toEqual({ 'data-theme': 'dark' });
    expect(run(colorModeScript(site({ respectPrefersColorScheme: true })), { dark: true }).attrs).toEqual({
      'data-theme': 'dark',
    });
    expect(
      run(colorModeScript(site({ respectPrefersColorScheme: true })), { dark: true, storage: { theme: 'light' } })
        .attrs,
    ).toEqual({ 'data-theme': 'light' });
    expect(run(colorModeScript(site()), { storage: { theme: 'purple' } }).attrs).toEqual({ 'data-theme': 'light' });
  });

  it('falls back to the default when storage throws', () => {
    expect(run(colorModeScript(site()), { storageThrows: true }).attrs).toEqual({ 'data-theme': 'light' });
  });

  it('hides a bar dismissed under the same id, not one dismissed under another id', () => {
    const dismissed = { 'announcement-bar': JSON.stringify({ id: 'v2', dismissed: true }) };
    expect(run(colorModeScript(site()), { storage: dismissed }).attrs).toEqual({
      'data-theme': 'light',
      'data-announcement-dismissed': 'true',
    });
    expect(
      run(colorModeScript(site()), { storage: { 'announcement-bar': JSON.stringify({ id: 'v1', dismissed: true }) } })
        .attrs,
    ).toEqual({ 'data-theme': 'light' });
    expect(run(colorModeScript(site({}, false)), { storage: dismissed }).attrs).toEqual({ 'data-theme': 'light' });
  });

  it('moves a value from the misspelt key `annoucement-bar` to `announcement-bar`', () => {
    const legacy = JSON.stringify({ id: 'v2', dismissed: true });
    const r = run(colorModeScript(site()), { storage: { 'annoucement-bar': legacy } });
    expect(r.storage).toEqual({ 'announcement-bar': legacy });
    expect(r.attrs['data-announcement-dismissed']).toBe('true');
    // A newer value under the right key wins; the old key goes either way.
    const newer = JSON.stringify({ id: 'v3', dismissed: true });
    expect(
      run(colorModeScript(site()), { storage: { 'annoucement-bar': legacy, 'announcement-bar': newer } }).storage,
    ).toEqual({ 'announcement-bar': newer });
  });

  it('cannot be broken out of by a banner id', () => {
    const script = colorModeScript({
      ...site(),
      announcementBar: {
        id: '</script><script>alert(1)</script>',
        content: '',
        backgroundColor: '',
        textColor: '',
        isCloseable: true,
      },
    });
    expect(script).not.toContain('</script>');
  });
});
