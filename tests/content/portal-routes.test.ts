import { beforeAll, describe, expect, it } from 'vitest';
import { portalSite, type PortalSite } from '../helpers/portal-site.ts';

// The route list of the spec (section 2), as facts to check the real portal against.
const PAGES = [
  '/',
  '/markdown-page',
  '/docs',
  '/docs/intro',
  '/docs/tags',
  '/docs/contact/customers',
  '/docs/contact/intro',
  '/docs/contact/reminders',
  '/docs/contact/vendors',
];
const TAGS = ['catalog', 'contact', 'customer', 'liquidjs', 'test', 'themes', 'vendor', 'welcome'];
const THEMES = [
  'intro',
  'overview',
  'create-a-theme',
  'customize-a-theme',
  'architecture/assets',
  'architecture/layouts',
  'architecture/overview',
  'architecture/settings',
  'architecture/templates',
  'architecture/templates/home',
  'architecture/templates/overview',
  'best-practices/overview',
  'dev-tools/cli',
  'dev-tools/liquid-prettier',
  'dev-tools/overview',
  'engines/liquid/best-practice',
  'engines/liquid/filters',
  'engines/liquid/overview',
  'engines/liquid/tags',
  'features/overview',
  'features/customer/register',
  'features/customer/email-consent',
];
const API =
  `accounting-accounts, accounting-bill, accounting-invoice, accounting-tax, accounting-transactions, accounting-transfers,
accounts, accounts-create, get-account, update-account, delete-account,
employees, add-new-employee, get-single-employee, search-employee, update-employee, patch-employee, delete-employee,
orders, add-order, get-order, get-orders, update-order, delete-order, add-order-item, update-order-item, delete-order-item, checkout-order, ship-order, change-state, order-states,
reservations, create-new-reservation, get-single-reservation, get-all-reservations, update-reservation, delete-reservation, add-reservation-item, update-reservation-item, delete-reservation-item, checkout-reservation, cancel,
invoices, create-invoice, get-one-invoice, update-invoice,
bills, create-bill, get-one-bill, update-bill,
contact-customer, get-customer, search-customer, update-customer, update-customer-partial, delete-customer,
contact-vendor, create-vendor, get-single-vendor, search-vendor, update-vendor, update-vendor-partial, delete-vendor,
contact-activity, create-contact-activity, get-contact-activities, update-activity-detail,
products, create-product, get-single-product, update-product, delete-product, product-categories, create-product-category, get-categories, get-category, search-categories, update-project-category, delete-product-categories, get-brands, get-gallery, get-photos, add-photo, inventory, add-product-inventory, get-product-inventory, get-only-tracking-products,
services, create-service, search-service, update-service, delete-service, service-categories, create-service-category, get-service-category, update-service-category,
taxes, tax-create, update-tax, delete-tax,
transfers, get-single-transfers, delete-transfer,
transactions, create-transaction, create-transaction-copy, get-one-transaction, update-transaction,
reminders, create-reminder, get-reminder, get-reminders, update-reminder, delete-reminder,
company, get-company, update-company, settings, update-settings,
countries, get-countries, get-current-user, user, get-next-number`
    .split(/[\s,]+/)
    .filter(Boolean);
const TUTORIALS = [
  'tutorial-basics/create-a-page',
  'tutorial-basics/create-a-document',
  'tutorial-basics/markdown-features',
  'tutorial-basics/deploy-your-site',
  'tutorial-basics/congratulations',
  'tutorial-extras/manage-docs-versions',
  'tutorial-extras/translate-your-site',
];

// Text the stock Docusaurus template ships with; none of it may survive in a page of this portal.
const SCAFFOLDING = [
  /docusaurus tutorial/i,
  /let's discover \*{0,2}docusaurus/i,
  /npm init docusaurus/i,
  /create-docusaurus/i,
  /docusaurus\.config\.js/i,
  /dinosaur/i,
  /lorem ipsum/i,
  /my site/i,
  /facebook\/docusaurus/i,
  /blog post/i,
];

describe('the portal against the spec route list', () => {
  let result: PortalSite;
  let html: Map<string, string>;
  beforeAll(async () => {
    result = await portalSite();
    html = new Map(result.files.filter((f) => f.path.endsWith('.html')).map((f) => [f.path, String(f.contents)]));
  }, 120_000);

  const routePaths = () => new Set(result.routes.map((r) => r.path));
  const page = (p: string) => {
    const route = result.routes.find((r) => r.path === p);
    const file = [...html.keys()].find(
      (f) => f === `${p.slice(1)}/index.html` || (p === '/' && f === 'index.html') || f === `${p.slice(1)}.html`,
    );
    return { route, text: file ? (html.get(file) as string) : undefined };
  };

  it('has every page, theme guide and tutorial the spec lists, each rendered with its own title', () => {
    const expected = [...PAGES, ...THEMES.map((t) => `/docs/themes/${t}`), ...TUTORIALS.map((t) => `/docs/${t}`)];
    const missing = expected.filter((p) => !routePaths().has(p));
    expect(missing).toEqual([]);
    for (const p of expected) {
      const { route, text } = page(p);
      expect(text, p).toBeDefined();
      expect(text).toContain(`<title>`);
      expect(route?.page.title, p).toBeTruthy();
    }
  });

  it('has every API reference page under /docs/api/{page} and the category page listing it', () => {
    expect(API).toHaveLength(new Set(API).size);
    const missing = API.filter((name) => !routePaths().has(`/docs/api/${name}`));
    expect(missing).toEqual([]);
    const groups = ['orders', 'employees', 'accounting-accounts', 'reservations', 'products', 'services'];
    for (const g of groups) expect(result.routes.find((r) => r.path === `/docs/api/${g}`)?.kind, g).toBe('api-tag');
    for (const op of [
      'get-order',
      'update-project-category',
      'create-transaction-copy',
      'get-only-tracking-products',
    ]) {
      expect(result.routes.find((r) => r.path === `/docs/api/${op}`)?.kind, op).toBe('api-operation');
    }
    const category = result.routes.filter((r) => r.path.startsWith('/docs/category/'));
    expect(category.map((r) => r.path)).toEqual(['/docs/category/product-api']);
    const categoryHtml = page('/docs/category/product-api').text as string;
    for (const g of ['orders', 'invoices', 'contact-customer']) expect(categoryHtml).toContain(`href="/docs/api/${g}"`);
  });

  it('uses exactly the eight tags of the spec, each with a page counting its docs', () => {
    const tagRoutes = result.routes
      .filter((r) => r.kind === 'tag')
      .map((r) => r.path)
      .sort();
    expect(tagRoutes).toEqual(TAGS.map((t) => `/docs/tags/${t}`));
    const index = page('/docs/tags').text as string;
    for (const t of TAGS) {
      const tagged = result.routes.filter((r) => r.kind === 'doc' && r.page.tags?.some((x) => x.label === t));
      expect(tagged.length, t).toBeGreaterThan(0);
      const heading =
        tagged.length === 1
          ? `One doc tagged with &quot;${t}&quot;`
          : `${tagged.length} docs tagged with &quot;${t}&quot;`;
      expect(page(`/docs/tags/${t}`).text, t).toContain(heading);
      expect(index).toContain(`href="/docs/tags/${t}"`);
    }
  });

  it('serves nothing outside the spec except the API introduction and the not-found page', () => {
    const allowed = new Set([
      ...PAGES,
      ...TAGS.map((t) => `/docs/tags/${t}`),
      ...THEMES.map((t) => `/docs/themes/${t}`),
      ...TUTORIALS.map((t) => `/docs/${t}`),
      ...API.map((a) => `/docs/api/${a}`),
      '/docs/category/product-api',
      '/docs/api',
      '/404',
    ]);
    expect([...routePaths()].filter((p) => !allowed.has(p))).toEqual([]);
  });

  it('carries no leftover tutorial scaffolding: no blog, no template text', () => {
    expect([...routePaths()].filter((p) => /blog/.test(p))).toEqual([]);
    for (const [file, text] of html) {
      const body = text.replace(/<script[\s\S]*?<\/script>/g, '');
      for (const pattern of SCAFFOLDING) expect(pattern.test(body), `${file} matches ${pattern}`).toBe(false);
    }
  });

  it('keeps the tutorials out of the three sidebars (API, Themes, Contacts) but reachable from /docs', () => {
    const sidebarOf = (p: string) => result.routes.find((r) => r.path === p)?.page.sidebarId;
    expect(new Set(result.routes.flatMap((r) => (r.page.sidebarId ? [r.page.sidebarId] : [])))).toEqual(
      new Set(['api', 'themes', 'contacts']),
    );
    expect(TUTORIALS.map((t) => sidebarOf(`/docs/${t}`))).toEqual(TUTORIALS.map(() => undefined));
    expect([
      sidebarOf('/docs/api/get-order'),
      sidebarOf('/docs/themes/intro'),
      sidebarOf('/docs/contact/intro'),
    ]).toEqual(['api', 'themes', 'contacts']);
    expect(page('/docs').text).toContain('href="/docs/tutorial-basics/create-a-page"');
  });
});
