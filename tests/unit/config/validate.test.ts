import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../src/config/validate.ts';
import { formatReport } from '../../helpers/report.ts';

const root = '/project';
const file = `${root}/site/portal.config.ts`;
const minimal = { title: 'Portal', url: 'https://docs.example' };

/** What `portal build` prints for a config object: every problem at once, each naming its field. */
const reportFor = (raw: unknown): string => {
  const { config, issues } = validateConfig(raw, file);
  expect(config).toBeUndefined();
  return formatReport(issues, root);
};

describe('config validation (site/portal.config.ts)', () => {
  it('accepts the two required fields and fills in the defaults', () => {
    const { config, issues } = validateConfig(minimal, file);
    expect(issues).toEqual([]);
    expect(config).toMatchObject({
      baseUrl: '/',
      tagline: '',
      docs: { routeBasePath: '/docs' },
      navbar: { items: [] },
    });
  });

  it('names the field of a value of the wrong type', () => {
    expect(reportFor({ ...minimal, title: 42 })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error title: Invalid input: expected string, received number.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('names a missing required field', () => {
    expect(reportFor({ title: 'Portal' })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error url: Invalid input: expected string, received undefined.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('names an unknown key, with the keys it did not know', () => {
    expect(reportFor({ ...minimal, colour: 'blue', navbar: { items: [], sticky: true } })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error navbar: unknown key "sticky".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
        error config: unknown key "colour".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      2 errors"
    `);
  });

  it('says what a baseUrl must look like', () => {
    expect(reportFor({ ...minimal, baseUrl: 'docs' })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error baseUrl: must start and end with "/".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('lists the allowed values of an enum field', () => {
    expect(reportFor({ ...minimal, colorMode: { defaultMode: 'sepia' } })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error colorMode.defaultMode: must be one of "light", "dark".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('rejects a url that is not one', () => {
    expect(reportFor({ ...minimal, url: 'docs.example' })).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error url: Invalid URL.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      1 error"
    `);
  });

  it('gives an unknown navbar item type the spec message, the types there are and the item as written', () => {
    expect(
      reportFor({
        ...minimal,
        navbar: {
          items: [
            { to: '/docs', label: 'Docs' },
            { type: 'fancy', label: 'Fancy' },
          ],
        },
      }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error navbar.items[1]: No NavbarItem component found for type "fancy". Use one of: default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown. The item: {"type":"fancy","label":"Fancy"}.  (site/portal.config.ts) [config-invalid]
            hint: check the navbar item configuration at navbar.items[1]
      1 error"
    `);
  });

  it('names the missing field of a navbar item of a known type', () => {
    expect(
      reportFor({ ...minimal, navbar: { items: [{ type: 'docSidebar', label: 'Docs' }] } }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error navbar.items[0].sidebarId: Invalid input: expected string, received undefined.  (site/portal.config.ts) [config-invalid]
            hint: check the navbar item configuration at navbar.items[0].sidebarId
      1 error"
    `);
  });

  it('reports every problem of one config at once', () => {
    expect(
      reportFor({ title: '', url: 'https://docs.example', baseUrl: '/docs', tableOfContents: { minHeadingLevel: 1 } }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error title: Too small: expected string to have >=1 characters.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
        error baseUrl: must start and end with "/".  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
        error tableOfContents.minHeadingLevel: Too small: expected number to be >=2.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      3 errors"
    `);
  });

  it('names a default locale missing from i18n.locales and a locale listed twice', () => {
    expect(
      reportFor({ ...minimal, i18n: { defaultLocale: 'de', locales: ['en', 'fr', 'en'] } }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error i18n.defaultLocale: "de" is not in i18n.locales (en, fr, en); add it there or pick one of them.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
        error i18n.locales[2]: "en" is listed twice.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      2 errors"
    `);
  });
  it('names a Prism grammar refractor does not have, where the config lists it', () => {
    expect(
      reportFor({ ...minimal, prism: { additionalLanguages: ['tsx', 'klingon', '../lib/core'] } }),
    ).toMatchInlineSnapshot(`
      "site/portal.config.ts
        error prism.additionalLanguages[1]: "klingon" is not a Prism grammar refractor has; use the name of one, such as liquid, php, tsx, nginx or http.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
        error prism.additionalLanguages[2]: "../lib/core" is not a Prism grammar refractor has; use the name of one, such as liquid, php, tsx, nginx or http.  (site/portal.config.ts) [config-invalid]
            hint: see the config reference in README.md
      2 errors"
    `);
    const { issues } = validateConfig(
      { ...minimal, prism: { additionalLanguages: ['liquid', 'tsx', 'nginx', 'http'] } },
      file,
    );
    expect(issues).toEqual([]);
  });
});
