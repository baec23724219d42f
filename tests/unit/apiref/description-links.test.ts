import { describe, expect, it } from 'vitest';
import { collectDescriptionLinks, descriptionSourceLinks } from '../../../src/apiref/description-links.ts';
import { createMarkdownRenderer } from '../../../src/apiref/markdown.ts';

const render = createMarkdownRenderer();
const collect = (doc: unknown) => collectDescriptionLinks(doc, (md) => render(md));

describe('collectDescriptionLinks (issue 5: links in the document go through the link check)', () => {
  it('finds links and images in descriptions with the JSON pointer of the text and the page that shows it', () => {
    const links = collect({
      info: { description: 'See [the guide](/docs/guide) and ![a chart](/img/chart.png).' },
      tags: [{ name: 'Orders', description: 'Orders [overview][o].\n\n[o]: /docs/orders' }],
      paths: {
        '/orders/{id}': {
          get: { description: 'One [order](../orders).', responses: { '200': { description: 'OK, [see](#fields).' } } },
        },
      },
      webhooks: { placed: { post: { description: '[Webhooks](/docs/hooks)' } } },
      'x-topics': [{ title: 'Limits', content: 'Read [limits](/docs/limits).' }],
    });
    expect(links.map((l) => [l.url, l.kind, l.pointer, l.owner])).toEqual([
      ['/docs/guide', 'link', '#/info/description', { type: 'document' }],
      ['/img/chart.png', 'image', '#/info/description', { type: 'document' }],
      ['/docs/orders', 'link', '#/tags/0/description', { type: 'tag', name: 'Orders' }],
      [
        '../orders',
        'link',
        '#/paths/~1orders~1{id}/get/description',
        { type: 'operation', webhook: false, path: '/orders/{id}', method: 'get' },
      ],
      [
        '#fields',
        'link',
        '#/paths/~1orders~1{id}/get/responses/200/description',
        { type: 'operation', webhook: false, path: '/orders/{id}', method: 'get' },
      ],
      [
        '/docs/hooks',
        'link',
        '#/webhooks/placed/post/description',
        { type: 'operation', webhook: true, path: 'placed', method: 'post' },
      ],
      ['/docs/limits', 'link', '#/x-topics/0/content', { type: 'document' }],
    ]);
  });

  it('skips example data, enum values and extensions, but not properties that happen to share their names', () => {
    const links = collect({
      components: {
        schemas: {
          Note: {
            description: 'A note.',
            example: { description: '[data](/docs/a)' },
            examples: [{ description: '[data](/docs/b)' }],
            default: { description: '[data](/docs/c)' },
            'x-internal': { description: '[private](/docs/d)' },
            properties: {
              value: { type: 'string', description: '[value](/docs/e)' },
              example: { type: 'string', description: '[ex](/docs/f)' },
            },
          },
        },
        examples: { First: { description: '[described](/docs/g)', value: { description: '[data](/docs/h)' } } },
      },
    });
    expect(links.map((l) => [l.url, l.pointer])).toEqual([
      ['/docs/e', '#/components/schemas/Note/properties/value/description'],
      ['/docs/f', '#/components/schemas/Note/properties/example/description'],
      ['/docs/g', '#/components/examples/First/description'],
    ]);
  });

  it('drops what the page drops: unsafe URLs never reach the check', () => {
    expect(
      collect({ info: { description: '[x](javascript:alert(1)) [y](https://example.com)' } }).map((l) => l.url),
    ).toEqual(['https://example.com']);
  });

  it('groups the links by the route that shows them and locates them only when asked', () => {
    let located = 0;
    const byPath = descriptionSourceLinks(
      collect({ info: { description: '[a](/docs/a)' }, tags: [{ name: 'T', description: '[b](/docs/b)' }] }),
      {
        pathOf: (owner) => (owner.type === 'tag' ? '/docs/api/t' : '/docs/api'),
        locate: () => ({ line: ++located, column: 1 }),
        lenient: true,
      },
    );
    expect([...byPath.keys()]).toEqual(['/docs/api', '/docs/api/t']);
    const link = byPath.get('/docs/api/t')?.[0];
    expect(link).toMatchObject({ url: '/docs/b', where: 'the description at #/tags/0/description', lenient: true });
    expect(located).toBe(0);
    expect(link?.locate?.()).toEqual({ line: 1, column: 1 });
  });
});
