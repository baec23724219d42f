import { describe, expect, it } from 'vitest';
import { withBaseUrl } from '../../../templates/docusaurus/core/useBaseUrl.ts';

// Docusaurus's useBaseUrl (templates/docusaurus/core/useBaseUrl.ts), as pages and docs written for it call it.
describe("@docusaurus/useBaseUrl's path", () => {
  const site = { baseUrl: '/portal/', url: 'https://docs.example' };

  it('puts the base URL in front of a site path, with or without its leading slash, once', () => {
    expect(withBaseUrl(site, '/img/logo.svg')).toBe('/portal/img/logo.svg');
    expect(withBaseUrl(site, 'img/logo.svg')).toBe('/portal/img/logo.svg');
    expect(withBaseUrl(site, '/portal/img/logo.svg')).toBe('/portal/img/logo.svg');
    expect(withBaseUrl(site, '/portal/img/logo.svg', { forcePrependBaseUrl: true })).toBe(
      '/portal/portal/img/logo.svg',
    );
    expect(withBaseUrl({ baseUrl: '/' }, '/img/logo.svg')).toBe('/img/logo.svg');
  });

  it('makes it absolute when asked, and leaves URLs and anchors alone', () => {
    expect(withBaseUrl(site, '/docs/intro', { absolute: true })).toBe('https://docs.example/portal/docs/intro');
    for (const kept of ['https://example.com/a.png', '//cdn.example/a.png', '#top', 'mailto:team@example.com', ''])
      expect(withBaseUrl(site, kept)).toBe(kept);
  });
});
