import { describe, expect, it } from 'vitest';
import type { ServerBundle, ServerModule } from '../../../src/bundle/server.ts';
import { rawIds, renderBody } from '../../../src/render/render-body.ts';
import type { PageData, SiteData } from '../../../templates/shared/types.ts';

describe('rawIds', () => {
  it('lists id attribute values in document order, as written (entities are decoded by the caller)', () => {
    expect(rawIds('<div id="__a"><h2 id="x&amp;y">T</h2><a href="#x" data-id="no"></a><p\nid="z"></p></div>')).toEqual([
      '__a',
      'x&amp;y',
      'z',
    ]);
    expect(rawIds('<p>no ids</p><p id="">empty</p>')).toEqual([]);
  });

  it('gives the same answer for a body built by concatenation as for the flat string', () => {
    let built = '';
    for (let i = 0; i < 500; i++) built += `<h3 id="s${i}">${i}</h3>`;
    expect(rawIds(built)).toEqual(Array.from({ length: 500 }, (_, i) => `s${i}`));
  });
});

describe('renderBody', () => {
  const bundle: Pick<ServerBundle, 'modules' | 'renderRoute'> = {
    modules: new Map<string, ServerModule>([
      ['/a', { Template: 'A' }],
      ['/broken', { Template: 'Broken' }],
    ]),
    renderRoute: ({ module }) => {
      const { Template, page } = module as ServerModule & { page: PageData };
      if (Template === 'Broken') throw new Error('component threw');
      return `<h1 id="t">${String(Template)} ${page.title}</h1>`;
    },
  };
  const site = {} as SiteData;

  it('renders the route’s module from the bundle with its page data from memory, and collects its ids', () => {
    expect(renderBody(bundle, site, '/a', { title: 'Hello' } as PageData)).toEqual({
      html: '<h1 id="t">A Hello</h1>',
      ids: ['t'],
    });
  });

  it('gives a throwing component, or a route the bundle lacks, as that route’s error', () => {
    expect(renderBody(bundle, site, '/broken', {} as PageData)).toEqual({
      error: expect.objectContaining({ message: 'component threw' }),
    });
    expect(renderBody(bundle, site, '/nowhere', {} as PageData)).toEqual({
      error: expect.objectContaining({ message: 'no server module for /nowhere' }),
    });
  });
});
