import { describe, expect, it } from 'vitest';
import { isActivePath, localeHref } from '../../templates/shell/navbar-links.ts';
import type { Locale } from '../../templates/shared/types.ts';

const en: Locale = { name: 'en', label: 'English', htmlLang: 'en', prefix: '' };
const fr: Locale = { name: 'fr', label: 'Français', htmlLang: 'fr', prefix: '/fr' };

describe('locale links (spec §2)', () => {
  it('link to the same page path in each locale, keeping query and hash', () => {
    const site = { baseUrl: '/', locales: [en, fr], currentLocale: 'en' };
    expect(localeHref(site, fr, '/docs/intro', '?q=1#setup')).toBe('/fr/docs/intro?q=1#setup');
    expect(localeHref(site, en, '/docs/intro', '')).toBe('/docs/intro');
    expect(localeHref(site, fr, '/', '')).toBe('/fr/');
  });

  it('respect the base URL and trailing-slash setting, also from a translated build', () => {
    expect(
      localeHref(
        { baseUrl: '/portal/', trailingSlash: true, locales: [en, fr], currentLocale: 'en' },
        fr,
        '/docs/intro',
        '#a',
      ),
    ).toBe('/portal/fr/docs/intro/#a');
    // The French build is served under /portal/fr/: English is the site root.
    expect(localeHref({ baseUrl: '/portal/fr/', locales: [en, fr], currentLocale: 'fr' }, en, '/docs/intro', '')).toBe(
      '/portal/docs/intro',
    );
    expect(localeHref({ baseUrl: '/portal/fr/', locales: [en, fr], currentLocale: 'fr' }, fr, '/docs/intro', '')).toBe(
      '/portal/fr/docs/intro',
    );
  });
});

describe('active paths', () => {
  it('marks a link active on its page and below it; "/" only on the home page', () => {
    expect(isActivePath('/docs/intro', '/docs')).toBe(true);
    expect(isActivePath('/docsx', '/docs')).toBe(false);
    expect(isActivePath('/docs/intro', '/docs/intro#x')).toBe(true);
    expect(isActivePath('/docs', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/x', 'https://example.com/x')).toBe(false);
  });
});
