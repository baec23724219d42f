import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ownScripts } from '../../../src/bench/first-visit.ts';
import { buildFixture } from '../../helpers/fixtures.ts';

type Built = Awaited<ReturnType<typeof buildFixture>>;

/** issue 5: a fixture site whose config points at a small OpenAPI 3.1 document split over two files. */
describe('API reference in a built site (tests/fixtures/api-shop)', () => {
  let built: Built;
  const file = (p: string): string => {
    const f = built.files.find((x) => x.path === p);
    if (!f)
      throw new Error(
        `no ${p} in the build; have ${built.files
          .map((x) => x.path)
          .filter((x) => x.endsWith('.html'))
          .join(', ')}`,
      );
    return String(f.contents);
  };
  const main = (p: string): string => /<main[\s\S]*<\/main>/.exec(file(p))?.[0] ?? '';

  beforeAll(async () => {
    built = await buildFixture('api-shop', { write: false });
  });

  it("puts the operation's own tag in the HTML sidebar and only the names of the others (issue 5 budget)", () => {
    const sidebar =
      /<aside class="doc-sidebar">[\s\S]*?<\/aside>/.exec(file('docs/api/create-order/index.html'))?.[0] ?? '';
    const links = [...sidebar.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    // Orders holds the page: open, its operations listed, the page marked; readable with JS off.
    expect(links).toEqual(
      expect.arrayContaining([
        '/docs/api/orders',
        '/docs/api/list-orders',
        '/docs/api/create-order',
        '/docs/api/delete-an-order',
      ]),
    );
    expect(sidebar).toMatch(/<a href="\/docs\/api\/create-order" class="menu-link active" aria-current="page"/);
    // Customers is collapsed: its name and toggle, but not its operations until a reader opens it.
    expect(links).toContain('/docs/api/customer-records');
    expect(links).not.toContain('/docs/api/get-the-referral-tree');
    expect(sidebar).toContain('aria-label="Toggle the category Customers" aria-expanded="false"');
  });

  it("names a document's only scheme once on the introduction, under its heading, not again in a list above it", () => {
    const intro = main('docs/api/index.html');
    expect(intro).toContain('Unless an operation says otherwise, every request needs the scheme below.');
    expect(intro.match(/Bearer token \(JWT\)/g)).toHaveLength(1);
    expect(intro).not.toContain('class="api-security"');
  });

  it('builds the introduction, tag, operation, webhook and category pages without warnings', () => {
    expect(built.stats.routesByKind).toMatchObject({ 'api-intro': 1, 'api-tag': 3, 'api-operation': 5, category: 1 });
    expect(
      built.table.routes
        .filter((r) => r.path.startsWith('/docs/api'))
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      '/docs/api',
      '/docs/api/create-order',
      '/docs/api/customer-records',
      '/docs/api/delete-an-order',
      '/docs/api/events',
      '/docs/api/get-the-referral-tree',
      '/docs/api/list-orders',
      '/docs/api/order-shipped',
      '/docs/api/orders',
    ]);
    expect(built.warnings).toEqual([]);
  });

  it('renders an operation: method, path, parameters, a linkable property, request body, responses and the four code samples', () => {
    const html = main('docs/api/create-order/index.html');
    expect(html).toContain('<span class="badge method-post badge-large">POST</span>');
    expect(html).toContain('<code class="api-path">/orders</code>');
    expect(html).toContain('https://api.shop.example/v2');
    expect(html).toContain('<code class="schema-name">Idempotency-Key</code>');
    expect(html).toContain('id="request-body-customer-email"');
    expect(html).toContain('href="#request-body-customer-email"');
    expect(html).toContain('id="request-body"');
    expect(html).toContain('id="response-201"');
    expect(html).toContain('CardPayment (card)');
    expect(html).toContain('Exactly one of');
    for (const label of ['cURL', 'JavaScript', 'Python', 'PHP', 'Go SDK'])
      expect(html).toContain(`<p class="api-tab-heading">${label}</p>`);
    // Highlighted at build time: Prism token spans around escaped text.
    expect(html).toContain('<span class="token function">curl</span>');
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(text).toContain("curl --request POST \\\n  --url 'https://api.shop.example/v2/orders'");
    expect(text).toContain('await fetch("https://api.shop.example/v2/orders"');
    expect(text).toContain('import requests');
    expect(text).toContain('<?php');
    // The request body leaves out the read-only id; the response shows it.
    expect(html).not.toContain('id="request-body-id"');
    expect(html).toContain('id="response-201-id"');
    // Callbacks render with their own anchors.
    expect(html).toContain('orderPaid: Order paid');
    // The callback sends an Order, already shown as the 201 response: it points there instead of repeating it.
    expect(html).toContain('the same schema as <a href="#response-201">the 201 response</a>');
    expect(html).toContain('id="callback-order-paid-post-response-204"');
  });

  it('groups parameters by location and shows their constraints', () => {
    const html = main('docs/api/list-orders/index.html');
    for (const heading of ['Query parameters', 'Header parameters', 'Cookie parameters'])
      expect(html).toContain(heading);
    for (const id of ['query-limit', 'query-status', 'header-x-request-id', 'cookie-session'])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain('&gt;= 1');
    expect(html).toContain('<code class="schema-enum">shipped</code>');
    expect(html).toContain('RateLimit-Remaining');
  });

  it('marks circular references and deprecated operations', () => {
    expect(main('docs/api/get-the-referral-tree/index.html')).toContain('circular: <!-- -->Referral');
    expect(main('docs/api/get-the-referral-tree/index.html')).toContain('No authentication required.');
    expect(main('docs/api/delete-an-order/index.html')).toContain('This operation is deprecated');
    expect(main('docs/api/order-shipped/index.html')).toContain('webhook');
  });

  it('renders the description Markdown safely and links the downloads', () => {
    const html = main('docs/api/index.html');
    expect(html).toContain('<strong>orders</strong>');
    // The script's tags are left out (raw-html.ts); the Markdown's text between them stays text.
    expect(html).toContain('Ask support for a token. alert(');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('href="/openapi/shop.yaml" download=""');
    expect(html).toContain('href="/openapi/shop.json" download=""');
    expect(html).toContain('href="https://shop.example/openapi.yaml"');
    expect(html).toContain('id="getting-a-token"');
  });

  it('serves the document bundled into one file, as YAML and JSON', () => {
    const yaml = parseYaml(file('openapi/shop.yaml')) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const json = JSON.parse(file('openapi/shop.json')) as typeof yaml;
    expect(json).toEqual(yaml);
    // schemas/address.yaml is inlined: the download stands alone.
    expect(JSON.stringify(json)).not.toContain('address.yaml');
    expect(json.components.schemas.Customer?.properties?.address).toMatchObject({
      type: 'object',
      required: ['line1', 'country'],
    });
  });

  it('adds the API sidebar with method badges, and the category page', () => {
    const html = file('docs/api/orders/index.html');
    expect(html).toMatch(/<span class="badge method-get">GET<\/span>List orders/);
    expect(main('docs/category/shop-api/index.html')).toContain('Commerce');
  });

  it('shows the object a tag names (x-object) with its fields and an example, and nothing for a tag without one (issue 18)', () => {
    const orders = main('docs/api/orders/index.html');
    const object = /<section class="api-section api-object">[\s\S]*?<\/section>/.exec(orders)?.[0] ?? '';
    expect(object).toMatch(/<h2 id="object">The <!-- -->Order<!-- --> object<\/h2>/);
    for (const field of ['id', 'customer', 'items', 'payment', 'metadata']) expect(object).toContain(`>${field}<`);
    // The example is generated from the schema, since the tag names none.
    expect(object).toContain('Example (generated from the schema)');
    expect(object).toContain('ord_123');
    // It sits between the description and the operations, and the TOC lists it.
    expect(orders.indexOf('id="object"')).toBeLessThan(orders.indexOf('id="operations"'));
    expect(file('docs/api/orders/index.html')).toContain('href="#object"');
    expect(main('docs/api/customer-records/index.html')).not.toContain('api-object');
  });

  it('gives an API page a first-visit chunk without the HTML its page shows, falling back to the full one (issue 17 item 3)', () => {
    const text = (src: string): string =>
      Buffer.from(built.files.find((f) => `/${f.path}` === src)?.contents ?? '').toString('utf8');
    const manifestFile = built.files.find((f) => /^_portal\/manifest-\w+\.json$/.test(f.path));
    const manifest = JSON.parse(String(manifestFile?.contents)) as Record<string, string>;
    for (const [page, route] of [
      ['docs/api/create-order/index.html', '/docs/api/create-order'],
      ['docs/api/orders/index.html', '/docs/api/orders'],
    ] as const) {
      const html = file(page);
      const first = ownScripts(html).find((src) => src.includes('.first-')) ?? '';
      const full = manifest[route] ?? '';
      expect(first, page).toMatch(/\.first-[A-Z0-9]{8}\.js$/);
      // The full chunk is not preloaded: only a page changed since the build (a marked element missing) loads it.
      expect(ownScripts(html)).not.toContain(full);
      expect(text(first)).toContain(`(await import("./${full.replace(/^.*\//, '')}")).page`);
      // Each long description and code sample the page shows is in its full chunk, not in its first-visit one.
      const shown = [...html.matchAll(/ data-adopt="">([\s\S]*?)<\/(?:div|code)>/g)]
        .map((m) => m[1] as string)
        .filter((h) => h.length >= 32 && h.startsWith('<') && !h.includes('<a href'));
      expect(shown.length, page).toBeGreaterThan(1);
      for (const h of shown) {
        expect(text(full).includes(JSON.stringify(h).slice(1, -1)), h).toBe(true);
        expect(text(first).includes(JSON.stringify(h).slice(1, -1)), h).toBe(false);
      }
      expect(gzipSync(text(first)).length).toBeLessThan(gzipSync(text(full)).length);
    }
  });

  it("loads on a first visit only its own kind's template, and at most 10 scripts (issue 17 item 3)", () => {
    // A class name each template alone writes: the operation pages, most of the reference and its heaviest, must
    // not download the introduction's or the tag pages' code, nor the docs' templates.
    const marks = { intro: 'api-info-footer', tag: 'api-op-list', docs: 'doc-footer' };
    const scriptsOf = (page: string): string =>
      ownScripts(file(page))
        .map((src) => Buffer.from(built.files.find((f) => `/${f.path}` === src)?.contents ?? '').toString('utf8'))
        .join('\n');
    const loaded = (page: string) =>
      Object.entries(marks).flatMap(([kind, mark]) => (scriptsOf(page).includes(mark) ? [kind] : []));
    expect(loaded('docs/api/create-order/index.html')).toEqual([]);
    expect(loaded('docs/api/orders/index.html')).toEqual(['tag']);
    expect(loaded('docs/api/index.html')).toEqual(['intro']);
    // A tag page's template is a file of its own, not copied into each tag page's data chunk: prefetching a tag
    // page downloads its data only.
    const orders = ownScripts(file('docs/api/orders/index.html')).find((src) =>
      /\/r\d+-docs_api_orders(\.first)?-/.test(src),
    );
    const ordersChunk = built.files.find((f) => `/${f.path}` === orders)?.contents ?? '';
    expect(Buffer.from(ordersChunk).toString('utf8')).toContain('"title":"Orders"');
    expect(Buffer.from(ordersChunk).toString('utf8')).not.toContain(marks.tag);
    for (const page of ['docs/api/create-order/index.html', 'docs/api/orders/index.html', 'docs/api/index.html'])
      expect(ownScripts(file(page)).length).toBeLessThanOrEqual(10);
    // Elements are made through ESM bindings of React's JSX runtime, not CommonJS interop (templates/client/jsx).
    expect(scriptsOf('docs/api/create-order/index.html')).toContain('"api-endpoint"');
    expect(scriptsOf('docs/api/create-order/index.html')).not.toMatch(/\(0,[\w$]+\.jsxs?\)\(/);
  });
});
