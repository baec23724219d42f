import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/validate.ts';
import { buildFixture } from '../helpers/fixtures.ts';

// Locales (issue 4 item 7) on tests/fixtures/locales-two: English at the root, French under /fr/ with a
// translated intro and home page, and an untranslated "other" doc.
let built: Awaited<ReturnType<typeof buildFixture>>;
const html = (rel: string) => fs.readFile(path.join(built.outDir, rel), 'utf8');

beforeAll(async () => {
  built = await buildFixture('locales-two');
});

describe('a site with two locales', () => {
  it('builds the default locale at the root and every other locale under /<locale>/, static files included', async () => {
    const files = built.files
      .map((f) => f.path)
      .filter((p) => p.endsWith('.html'))
      .sort();
    expect(files).toEqual([
      '404.html',
      'docs/intro/index.html',
      'docs/other/index.html',
      'fr/404.html',
      'fr/docs/intro/index.html',
      'fr/docs/other/index.html',
      'fr/index.html',
      'index.html',
    ]);
    await expect(fs.stat(path.join(built.outDir, 'fr/img/dot.svg'))).resolves.toBeTruthy();
    await expect(fs.stat(path.join(built.outDir, 'img/dot.svg'))).resolves.toBeTruthy();
    // Each locale has its own runtime, with its own base URL.
    expect(built.files.some((f) => /^fr\/_portal\/manifest-[0-9a-f]+\.json$/.test(f.path))).toBe(true);
    expect(built.log.text()).toMatch(/\[fr\] ✓ render 4 pages/);
  });

  it('reports the bytes it made: every generated file of both locales, and the static files copied under /fr/', async () => {
    const size = (c: string | Uint8Array) => (typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength);
    // The site's own static files, at the root, are copied rather than made: the summary line leaves them out.
    const made = built.files.filter((f) => f.path !== 'img/dot.svg').reduce((n, f) => n + size(f.contents), 0);
    expect(built.stats.bytes).toBe(made);
    expect(built.log.text()).toContain(`, ${(made / 1024 / 1024).toFixed(1)} MB, no warnings`);
  });

  it("sets <html lang> from the locale's htmlLang", async () => {
    expect(await html('docs/intro/index.html')).toMatch(/^<!doctype html>\n<html lang="en-US"/);
    expect(await html('fr/docs/intro/index.html')).toMatch(/^<!doctype html>\n<html lang="fr-FR"/);
    expect(await html('fr/docs/other/index.html')).toMatch(/^<!doctype html>\n<html lang="fr-FR"/);
  });

  it("uses the translated doc and page, and falls back to the default locale's text where there is none", async () => {
    const intro = await html('fr/docs/intro/index.html');
    expect(intro).toContain('L&#x27;introduction en français.');
    expect(intro).toContain('<a href="/fr/docs/other#details" data-internal="">l&#x27;autre page</a>');
    // Linked by its file: the untranslated sibling, in the French site.
    expect(intro).toContain('<a href="/fr/docs/other#details" data-internal="">par son fichier</a>');
    expect(await html('docs/intro/index.html')).toContain(
      '<a href="/docs/other#details" data-internal="">by its file</a>',
    );
    expect(await html('index.html')).toContain('<a href="/docs/intro" data-internal="">by its file</a>');
    expect(await html('fr/index.html')).toContain('Bienvenue');
    expect(await html('fr/docs/other/index.html')).toContain('Not translated: French readers see this English text.');
    expect(await html('docs/intro/index.html')).toContain('The English introduction.');
  });

  it('keeps French URLs under /fr/: canonical, assets, navbar and locale menu', async () => {
    const intro = await html('fr/docs/intro/index.html');
    expect(intro).toContain('<link rel="canonical" href="https://locales.example/fr/docs/intro">');
    expect(intro).toContain('<link rel="icon" href="/fr/img/dot.svg">');
    expect(intro).toMatch(/<link rel="stylesheet" href="\/fr\/_portal\/styles-[A-Z0-9]+\.css">/);
    expect(intro).toContain(
      '<a href="/fr/docs/intro" class="navbar-link active" aria-current="page" data-internal="">Docs</a>',
    );
    expect(intro).toContain('<a href="/docs/intro" class="dropdown-link" lang="en-US" hrefLang="en-US">English</a>');
    expect(intro).toContain(
      '<a href="/fr/docs/intro" class="dropdown-link active" aria-current="page" lang="fr-FR" hrefLang="fr-FR">Français</a>',
    );
  });
});

describe('locale settings', () => {
  const check = (i18n: unknown) =>
    validateConfig({ title: 'T', url: 'https://t.example', i18n }, '/site/portal.config.ts').issues.map(
      (d) => d.message,
    );

  it('names the field and what is allowed for a wrong locale setup', () => {
    expect(
      check({ defaultLocale: 'de', locales: ['en', 'fr', 'fr'], localeConfigs: { es: { label: 'Español' } } }),
    ).toEqual([
      'i18n.defaultLocale: "de" is not in i18n.locales (en, fr, fr); add it there or pick one of them.',
      'i18n.locales[2]: "fr" is listed twice.',
      'i18n.localeConfigs.es: "es" is not in i18n.locales (en, fr, fr); add it there or remove this entry.',
    ]);
    expect(check({ locales: ['en', 'fr/ca'] })).toEqual([
      'i18n.locales[1]: must be a locale code such as "en", "fr" or "pt-BR".',
    ]);
    expect(check({ locales: ['en'], localeConfigs: { en: { htmlLang: 'english please' } } })).toEqual([
      'i18n.localeConfigs.en.htmlLang: must be a BCP 47 language tag such as "en-US".',
    ]);
  });
});
