import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../../src/routes/link-check.ts';
import type { Route } from '../../../src/routes/route.ts';

const route = (path: string, links: Route['links'] = [], file = `/site/docs${path}.mdx`): Route => ({
  path,
  kind: 'doc',
  template: 'DocPage',
  file,
  body: { type: 'none' },
  links,
  unlisted: false,
  page: { path, kind: 'doc', title: path, toc: [] },
});

const run = (routes: Route[], extra: Partial<Parameters<typeof checkLinks>[0]> = {}) =>
  checkLinks({
    routes,
    idsByPath: new Map([['/docs/b', new Set(['setup'])]]),
    staticFiles: new Set(['/img/logo.svg']),
    configLinks: [],
    configFile: '/site/portal.config.ts',
    baseUrl: '/',
    ...extra,
  });

describe('link check', () => {
  it('accepts links to routes, anchors that exist, static files and external URLs', () => {
    const a = route('/docs/a', [
      { url: '/docs/b#setup', kind: 'link', line: 3 },
      { url: '/img/logo.svg', kind: 'image' },
      { url: 'https://example.com', kind: 'link' },
      { url: 'b', kind: 'link' },
    ]);
    expect(run([a, route('/docs/b')])).toEqual([]);
  });
  it('fails a broken link with file and line', () => {
    const [d] = run([route('/docs/a', [{ url: '/docs/zzz', kind: 'link', line: 7, column: 2 }])]);
    expect(d).toMatchObject({ severity: 'error', code: 'link-broken', file: '/site/docs/docs/a.mdx', line: 7 });
  });
  it('warns on a broken anchor', () => {
    const [d] = run([route('/docs/a', [{ url: '/docs/b#nope', kind: 'link' }]), route('/docs/b')]);
    expect(d).toMatchObject({ severity: 'warning', code: 'anchor-broken' });
  });
  it('says a link to a Markdown file names no page of the build, and quotes a resolved one as written', () => {
    const [missing] = run([route('/docs/a', [{ url: './setup.md#install', kind: 'link', line: 4, column: 3 }])]);
    expect(missing).toMatchObject({ severity: 'error', code: 'link-broken', line: 4, column: 3 });
    expect(missing?.message).toBe(
      'broken link "./setup.md#install": no page or doc of this build is made from that file',
    );
    const [anchor] = run([
      route('/docs/a', [{ url: '/docs/b#nope', written: './b.md#nope', kind: 'link' }]),
      route('/docs/b'),
    ]);
    expect(anchor?.message).toBe('broken anchor "./b.md#nope": /docs/b has no element with id "nope"');
  });
  it('says an image or a file named by its path from the page is not in the site folder', () => {
    const [image, file] = run([
      route('/docs/a', [
        { url: './img/nope.png', kind: 'image', line: 2 },
        { url: '../files/price-list.pdf', kind: 'link', line: 3 },
      ]),
    ]);
    expect(image).toMatchObject({ severity: 'error', code: 'image-missing', line: 2 });
    expect(image?.message).toBe('missing image "./img/nope.png": no such file in the site folder');
    expect(file).toMatchObject({ severity: 'error', code: 'link-broken', line: 3 });
    expect(file?.message).toBe('broken link "../files/price-list.pdf": no such file in the site folder');
  });
  it('understands links written with the base URL', () => {
    expect(
      run([route('/docs/a', [{ url: '/portal/docs/b', kind: 'link' }]), route('/docs/b')], { baseUrl: '/portal/' }),
    ).toEqual([]);
  });
  it('refuses javascript: URLs in any case', () => {
    const [d] = run([route('/docs/a', [{ url: 'JavaScript:alert(1)', kind: 'link' }])]);
    expect(d?.code).toBe('link-unsafe');
  });
  it('checks navbar and footer links against the config file', () => {
    const [d] = run([route('/docs/a')], { configLinks: [{ url: '/docs/missing', where: 'footer.links[0]' }] });
    expect(d).toMatchObject({ code: 'link-broken', file: '/site/portal.config.ts' });
    expect(d?.message).toContain('footer.links[0]');
  });

  describe('in an --openapi preview (issue 14)', () => {
    const api = (path: string, links: Route['links'] = []): Route => ({
      ...route(path, links, '/other/api.yaml'),
      kind: 'api-operation',
    });
    const guides = [
      route('/docs/a', [
        { url: '/docs/api/old-op', kind: 'link', line: 2 },
        { url: '/docs/api/other-old', kind: 'link', line: 5 },
        { url: '/docs/api#gone', kind: 'link' },
      ]),
      route('/docs/b', [{ url: '/docs/api/old-op', kind: 'link' }]),
    ];
    const reference = [api('/docs/api'), api('/docs/api/new-op')];

    it("groups the guides' links into the replaced reference into one warning per file, with a count", () => {
      const list = run([...guides, ...reference], {
        idsByPath: new Map([['/docs/api', new Set(['servers'])]]),
        replacedReference: '/docs/api',
      });
      expect(list.map((d) => [d.severity, d.code, d.file, d.message])).toEqual([
        [
          'warning',
          'link-preview-reference',
          '/site/docs/docs/a.mdx',
          '3 links into the API reference that --openapi replaced (first: /docs/api/old-op)',
        ],
        [
          'warning',
          'link-preview-reference',
          '/site/docs/docs/b.mdx',
          '1 link into the API reference that --openapi replaced (first: /docs/api/old-op)',
        ],
      ]);
    });
    it('still fails the same links without a preview, and other broken links in a preview', () => {
      expect(run([...guides, ...reference]).filter((d) => d.severity === 'error')).toHaveLength(3);
      const [d] = run([route('/docs/a', [{ url: '/docs/nowhere', kind: 'link', line: 4 }]), ...reference], {
        replacedReference: '/docs/api',
      });
      expect(d).toMatchObject({ severity: 'error', code: 'link-broken', line: 4 });
    });
    it("does not excuse the previewed reference's own links to its pages", () => {
      const [d] = run([api('/docs/api', [{ url: '/docs/api/missing', kind: 'link' }])], {
        replacedReference: '/docs/api',
      });
      expect(d).toMatchObject({ severity: 'error', code: 'link-broken' });
    });
  });
  it('quotes at most 120 characters of a long URL', () => {
    const [d] = run([route('/docs/a', [{ url: `/docs/${'x'.repeat(5000)}`, kind: 'link' }])]);
    expect(d?.message.length).toBeLessThan(400);
  });
});
