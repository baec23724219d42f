/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, sharedPage, startShellSite, type ShellSite } from './shell-support.ts';

let site: ShellSite;
let alt: ShellSite;
// The tests that only read /docs/intro share one load of it on each site.
const intro = sharedPage(() => site, '/docs/intro');
const altIntro = sharedPage(() => alt, '/docs/intro');
beforeAll(async () => {
  [site, alt] = await Promise.all([startShellSite('shell-site'), startShellSite('shell-alt')]);
});
afterAll(async () => {
  await Promise.all([intro.close(), altIntro.close()]);
  await site?.close();
  await alt?.close();
});

describe('layout order (issue 3 item 1)', () => {
  it('puts the skip link first, then announcement bar, navbar, main area and footer', async () => {
    const page = await intro.page();
    const order = await page.evaluate(() => {
      const root = document.getElementById('__portal') as HTMLElement;
      const marks: Array<[string, Element | null]> = [
        ['skip', root.querySelector('.skip-link')],
        ['announcement', root.querySelector('.announcement-bar')],
        ['navbar', root.querySelector('nav.navbar')],
        ['main', root.querySelector('#__main')],
        ['footer', root.querySelector('footer.footer')],
      ];
      const all = [...root.querySelectorAll('*')];
      return marks
        .map(([name, el]) => [name, el ? all.indexOf(el) : -1] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([name, i]) => (i < 0 ? `${name}:missing` : name));
    });
    expect(order).toEqual(['skip', 'announcement', 'navbar', 'main', 'footer']);
  });

  it('makes the skip link the first stop of the keyboard and moves focus to the main area', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? -1)).toBeGreaterThanOrEqual(
      0,
    ); // visible when focused
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__main');
    await context.close();
  });
});

describe('navbar (issue 3 item 2)', () => {
  it('shows the title and the logo, with srcDark in dark mode', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    const brand = page.locator('nav.navbar > .navbar-inner > .navbar-brand');
    expect(await brand.locator('.navbar-title').textContent()).toBe('Shell');
    const visibleLogo = () =>
      brand
        .locator('img:visible')
        .evaluateAll((imgs) =>
          imgs.map((i) => [
            (i as HTMLImageElement).getAttribute('src'),
            i.getAttribute('alt'),
            i.getAttribute('width'),
          ]),
        );
    expect(await visibleLogo()).toEqual([['/img/logo.svg', 'Shell logo', '32']]);
    await page.click('nav.navbar .color-mode-toggle');
    expect(await visibleLogo()).toEqual([['/img/logo-dark.svg', 'Shell logo', '32']]);
    await context.close();
  });

  it('navigates client-side from the brand (logo and title) to its href, without a full load', async () => {
    const { page, context } = await openPage(site, '/docs/intro');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.click('nav.navbar > .navbar-inner > .navbar-brand .navbar-title');
    await page.waitForURL(`${site.url}/`);
    await page.waitForSelector('main .hero, main h1');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await context.close();
  });

  it('renders every item type: links, doc, docSidebar, dropdown, html, docsVersion, search, locale and version switchers', async () => {
    const { page, context } = await openPage(site, '/docs/guides/first');
    const left = page.locator('.navbar-items-left');
    expect(
      await left
        .locator(':scope > a.navbar-link')
        .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])),
    ).toEqual([
      ['Docs', '/docs/intro', 'page'], // docSidebar: first link of its sidebar, active anywhere in it
      ['First guide', '/docs/guides/first', 'page'], // doc
      ['Docs home', '/docs/intro', null], // docsVersion: the version's main doc
    ]);
    expect(await left.locator('.navbar-dropdown > button').textContent()).toBe('More');
    expect(await left.locator('.navbar-html .custom-html').textContent()).toBe('Beta');
    const right = page.locator('.navbar-items-right');
    expect(await right.locator('button.navbar-search[data-search]').count()).toBe(1);
    expect(await right.locator('.locale-dropdown > button').textContent()).toContain('English');
    // A single docs version is still a menu, with that one version (issue 14).
    expect(await right.locator('.version-dropdown > button').textContent()).toBe('Docs version: Current');
    expect(await right.locator('.version-dropdown .dropdown-menu a').allTextContents()).toEqual(['Current']);
    await context.close();
  });

  it('opens external links in a new tab with rel noopener and an external mark', async () => {
    const page = await intro.page();
    const github = page.locator('.navbar-items-right a', { hasText: 'GitHub' });
    expect(await github.getAttribute('href')).toBe('https://github.com/example/shell');
    expect(await github.getAttribute('target')).toBe('_blank');
    expect(await github.getAttribute('rel')).toContain('noopener');
    expect(await github.locator('svg.external-mark').count()).toBe(1);
  });

  it('links each locale to the same path, keeping the query and the hash', async () => {
    const { page, context } = await openPage(site, '/docs/intro?tab=b#section-2');
    await page.click('.locale-dropdown > button');
    const links = await page
      .locator('.locale-dropdown .dropdown-link')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('lang')]));
    expect(links).toEqual([
      ['English', '/docs/intro?tab=b#section-2', 'en'],
      ['Français', '/fr/docs/intro?tab=b#section-2', 'fr'],
    ]);
    await context.close();
  });

  it('styles the navbar dark or primary', async () => {
    const page = await altIntro.page();
    expect(await page.getAttribute('nav.navbar', 'class')).toContain('navbar-primary');
    const bg = await page.evaluate(
      () => getComputedStyle(document.querySelector('nav.navbar') as Element).backgroundColor,
    );
    expect(bg).toBe('rgb(47, 91, 211)');
  });

  it('replaces an item that fails to render with an error naming it, and keeps the rest of the navbar', async () => {
    // The build only accepts known types, so make the shipped site data carry an unknown one.
    const { page, context, errors } = await openPage(site, '/docs/intro', { noHydration: true });
    await page.route('**/_portal/**/*.js', async (route) => {
      try {
        const response = await route.fetch();
        const body = (await response.text()).replace(/type:"search"/g, 'type:"searchbox"');
        await route.fulfill({ response, body });
      } catch {
        // A request of the first load that the reload below superseded: its response is already disposed.
      }
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.reload();
    const alert = page.locator('.navbar-item-error');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toBe(
      'A navbar item failed to render. Please check the configuration of navbar.items[5] (type "searchbox") in portal.config.ts. Cause: No NavbarItem component found for type "searchbox".',
    );
    expect(await page.locator('.navbar-items-right a', { hasText: 'GitHub' }).count()).toBe(1);
    expect(consoleErrors.some((t) => t.includes('check the configuration of navbar.items[5]'))).toBe(true);
    expect(errors).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

describe('footer (issue 3 item 8)', () => {
  it('renders dark columns with titles, the logo and the copyright', async () => {
    const page = await intro.page();
    const footer = page.locator('footer.footer');
    expect(await footer.getAttribute('class')).toContain('footer-dark');
    expect(
      await footer
        .locator('.footer-column')
        .evaluateAll((cols) =>
          cols.map((c) => [
            c.querySelector('.footer-title')?.textContent,
            [...c.querySelectorAll('a')].map((a) => a.textContent),
          ]),
        ),
    ).toEqual([
      ['Docs', ['Introduction', 'Guides']],
      ['More', ['About', 'GitHub']],
    ]);
    expect(await footer.locator('.footer-logo img').getAttribute('alt')).toBe('Shell footer logo');
    expect(await footer.locator('.footer-logo').getAttribute('href')).toBe('/');
    expect(await footer.locator('.footer-copyright').textContent()).toBe(
      'Copyright © 2019-2024 Shell. Built with portal.',
    );
  });

  it('renders flat links in a light footer', async () => {
    const page = await altIntro.page();
    const footer = page.locator('footer.footer');
    expect(await footer.getAttribute('class')).toContain('footer-light');
    expect(await footer.locator('.footer-column').count()).toBe(0);
    expect(await footer.locator('.footer-links-simple a').evaluateAll((as) => as.map((a) => a.textContent))).toEqual([
      'Intro',
      'Example',
    ]);
  });
});
