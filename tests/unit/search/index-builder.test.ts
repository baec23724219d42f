import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../src/search/build-index.ts';
import { encodeShard } from '../../../src/search/encode-shard.ts';
import { invertUnits } from '../../../src/search/invert.ts';
import { collectSearchUnits, type SearchUnit } from '../../../src/search/units.ts';
import type { Route } from '../../../src/routes/route.ts';
import { createSearchEngine } from '../../../templates/search/query.ts';
import { decodeShard } from '../../../templates/search/shard-format.ts';
import {
  processTerm,
  SEARCH_FIELDS,
  tokenizeField,
  type SearchManifest,
} from '../../../templates/shared/search-terms.ts';

const route = (
  path: string,
  kind: Route['kind'],
  extra: Partial<Route> = {},
  // Loose on purpose: a test page carries only the fields (and the parts of its data) the code under test reads.
  page: Partial<Omit<Route['page'], 'data'>> & { data?: unknown } = {},
): Route => ({
  path,
  kind,
  template: 'DocPage',
  body: { type: 'none' },
  links: [],
  unlisted: false,
  ...extra,
  page: { path, kind, title: path, toc: [], ...page } as Route['page'],
});

const html = (main: string) =>
  `<html><body><nav class="navbar">Navbar words</nav><main id="__main">${main}</main><footer>Footer words</footer></body></html>`;

const units: SearchUnit[] = [
  { page: '/docs/invoices', pageTitle: 'Billing customers', text: 'Businesses bill their customers.' },
  {
    page: '/docs/invoices',
    pageTitle: 'Billing customers',
    anchor: 'issuing',
    heading: 'Issuing an invoice',
    text: 'An invoice lists what a customer owes; issuing fixes its number.',
  },
  {
    page: '/docs/invoices',
    pageTitle: 'Billing customers',
    anchor: 'payments',
    heading: 'Recording a payment',
    text: 'Payments settle invoices in full or in part. Record each payment.',
  },
  {
    page: '/docs/customers',
    pageTitle: 'Customers',
    anchor: 'consent',
    heading: 'Email consent',
    text: 'Store emailConsent with the date the customer agreed.',
  },
  {
    page: '/docs/api/get-order',
    pageTitle: 'Retrieve an order',
    text: 'Returns one order.',
    api: 'GET /orders/{orderId} getOrder',
    method: 'GET',
    path: '/orders/{orderId}',
  },
  {
    page: '/docs/api/delete-order',
    pageTitle: 'Cancel an order',
    text: 'Cancels an order.',
    api: 'DELETE /orders/{orderId} deleteOrder',
    method: 'DELETE',
    path: '/orders/{orderId}',
  },
  {
    page: '/docs/api/delete-customer',
    pageTitle: 'Remove a customer',
    text: 'Removes the record.',
    api: 'DELETE /customers/{id} removeCustomer',
    method: 'DELETE',
    path: '/customers/{id}',
  },
];

/** The index's files as the browser would fetch them, recording which. */
function served(index: ReturnType<typeof buildSearchIndex>) {
  const byName = new Map(index.files.map((f) => [f.path.replace(/^.*\//, ''), String(f.contents)]));
  const fetched: string[] = [];
  const engine = createSearchEngine({
    fetchJson: async (file) => {
      fetched.push(file);
      const text = byName.get(file);
      if (text === undefined) throw new Error(`404 ${file}`);
      return JSON.parse(text);
    },
  });
  return { engine, fetched, byName };
}

describe('search units (issue 7)', () => {
  it('cuts pages into sections at h2/h3, leaves unlisted, tag, category and 404 routes out, and makes operations one unit each', () => {
    const routes = [
      route('/docs/guide', 'doc', {}, { title: 'Guide' }),
      route('/docs/secret', 'doc', { unlisted: true }, { title: 'Secret' }),
      route('/docs/tags/x', 'tag'),
      route('/docs/category/api', 'category'),
      route('/404', 'not-found', { unlisted: true }),
      route(
        '/docs/api/get-order',
        'api-operation',
        {},
        {
          title: 'Retrieve an order',
          data: {
            operation: {
              method: 'GET',
              path: '/orders/{orderId}',
              operationId: 'getOrder',
              description: { __html: '<p>Returns <em>one</em> order.</p>' },
              parameters: [{ name: 'orderId' }],
            },
            tags: [{ name: 'Orders' }],
          },
        },
      ),
    ];
    const pages: Record<string, string> = {
      '/docs/guide': html(
        '<article><h1 id="guide">Guide</h1><p>Lead &amp; intro.</p><h2 id="setup">Set<code>up</code><a href="#setup" class="hash-link">#</a></h2><p>Install it.</p><pre><code>npm i secret-code</code></pre><h4>Deeper</h4><p>Still setup.</p><h3 id="more">More</h3><p>Last words.</p></article>',
      ),
      '/docs/secret': html('<h1>Secret</h1><p>zeppelin</p>'),
    };
    const result = collectSearchUnits(routes, (r) => pages[r.path]);
    expect(result).toEqual([
      { page: '/docs/guide', pageTitle: 'Guide', text: 'Lead & intro.' },
      {
        page: '/docs/guide',
        pageTitle: 'Guide',
        anchor: 'setup',
        heading: 'Setup',
        text: 'Install it. Deeper Still setup.',
      },
      { page: '/docs/guide', pageTitle: 'Guide', anchor: 'more', heading: 'More', text: 'Last words.' },
      {
        page: '/docs/api/get-order',
        pageTitle: 'Retrieve an order',
        text: 'Returns one order. Parameters: orderId. Tags: Orders.',
        api: 'GET /orders/{orderId} getOrder',
        method: 'GET',
        path: '/orders/{orderId}',
      },
    ]);
  });
});

describe('search index builder (issue 7)', () => {
  it('counts the terms, frequencies and field lengths MiniSearch itself records', () => {
    const docs = units.map((u) => ({ title: u.pageTitle, heading: u.heading, text: u.text, api: u.api }));
    const mini = new MiniSearch<{ id: number }>({ fields: [...SEARCH_FIELDS], tokenize: tokenizeField, processTerm });
    mini.addAll(docs.map((d, id) => ({ id, ...d })));
    const js = mini.toJSON();
    const ours = invertUnits(docs);
    const asMini = [...ours.terms].map(([term, fields]) => [
      term,
      Object.fromEntries(
        fields.flatMap((p, f) =>
          p ? [[String(f), Object.fromEntries(p.ids.map((id, i) => [String(id), p.freqs[i]]))]] : [],
        ),
      ),
    ]);
    expect(new Map(asMini as Array<[string, unknown]>)).toEqual(new Map(js.index));
    expect(ours.fieldLength.map((l) => SEARCH_FIELDS.map((_, f) => l[f] ?? null))).toEqual(
      Object.values(js.fieldLength).map((l) => SEARCH_FIELDS.map((_, f) => l[f] ?? null)),
    );
    expect(ours.averageFieldLength).toEqual(js.averageFieldLength);
  });

  it('round-trips a shard: the browser decodes the postings and the title, heading and API lengths the builder wrote', () => {
    const inverted = invertUnits(
      units.map((u) => ({ title: u.pageTitle, heading: u.heading, text: u.text, api: u.api })),
    );
    const decoded = decodeShard(encodeShard([...inverted.terms], inverted.fieldLength), {
      unitCount: units.length,
      averageFieldLength: inverted.averageFieldLength,
    });
    const invoice = decoded.index.find(([t]) => t === 'invoice')?.[1];
    expect(invoice).toEqual({ 1: { 1: 1 }, 2: { 1: 1 } }); // unit 1's heading and text; unit 2 says `invoices`
    expect(decoded.fieldLength[1]?.[1]).toBe(inverted.fieldLength[1]?.[1]);
    expect(decoded.fieldLength[4]?.[3]).toBe(inverted.fieldLength[4]?.[3]);
    expect(decoded.fieldLength[1]?.[2]).toBe(inverted.averageFieldLength[2]); // running text: the average, not shipped
    expect(
      MiniSearch.loadJS(decoded, { fields: [...SEARCH_FIELDS] })
        .search('invoice', { prefix: true })
        .map((r) => r.id),
    ).toEqual(expect.arrayContaining([1, 2]));
  });

  it('finds words by prefix and with typos, API operations by path and by method and word, all words before any', async () => {
    const { engine } = served(buildSearchIndex(units, { dir: '_portal/search' }));
    const first = async (q: string) =>
      (await engine.search(q)).pages.flatMap((p) => p.sections.map((s) => `${p.page}#${s.anchor ?? ''}`));
    expect(await first('invocie')).toEqual(['/docs/invoices#issuing']);
    expect((await first('paym'))[0]).toBe('/docs/invoices#payments');
    expect(await first('/orders/{id}')).toEqual(['/docs/api/get-order#', '/docs/api/delete-order#']);
    expect((await first('delete customer'))[0]).toBe('/docs/api/delete-customer#');
    expect(await first('consent')).toEqual(['/docs/customers#consent']); // `emailConsent`, by its camelCase part
    const some = await engine.search('invoice zeppelin');
    expect(some.allTermsMatched).toBe(false);
    expect(some.pages[0]?.page).toBe('/docs/invoices');
    expect((await engine.search('zeppelin')).pages).toEqual([]);
  });

  it('splits a crowded two-letter group by its third letter and fetches only the shard of each word', async () => {
    const many: SearchUnit[] = Array.from({ length: 60 }, (_, i) => ({
      page: `/p/${i}`,
      pageTitle: `Page ${i}`,
      text: `invoice${i} index${i} payment${i}`,
    }));
    const index = buildSearchIndex(many, { dir: 'x', maxShardBytes: 300, packBytes: 0 });
    expect(index.manifest.split).toEqual(expect.arrayContaining(['in', 'pa']));
    expect(index.manifest.shards.flat()).toEqual(expect.arrayContaining(['ind', 'inv', 'pay']));
    const { engine, fetched } = served(index);
    const results = await engine.search('index42');
    expect(results.pages.map((p) => p.page)).toEqual(['/p/42']);
    const shardsFetched = fetched.filter((f) => f.startsWith('s-'));
    expect(shardsFetched).toHaveLength(1);
    const manifest = JSON.parse(
      String(index.files.find((f) => f.path.endsWith('manifest.json'))?.contents),
    ) as SearchManifest;
    expect(manifest.shards[Number(shardsFetched[0]?.split('-')[2]?.split('.')[0])]).toEqual(['ind']);
  });

  it('fetches the result stores only of the hits it shows', async () => {
    const many: SearchUnit[] = Array.from({ length: 400 }, (_, i) => ({
      page: `/p/${i}`,
      pageTitle: `Page ${i}`,
      text: i === 399 ? 'a rare aardvark' : `common text number ${i}`,
    }));
    const index = buildSearchIndex(many, { dir: 'x', storeBytes: 200 });
    expect(index.manifest.stores.length).toBeGreaterThan(20);
    const { engine, fetched } = served(index);
    expect((await engine.search('aardvark')).pages.map((p) => p.page)).toEqual(['/p/399']);
    expect(fetched.filter((f) => f.startsWith('d-'))).toHaveLength(1);
  });
});
