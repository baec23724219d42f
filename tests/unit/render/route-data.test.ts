import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../src/bundle/client.ts';
import { dataChunk } from '../../../src/bundle/data-chunk.ts';
import { generateRouteModules } from '../../../src/bundle/route-modules.ts';
import { buildServer, type ServerBundle } from '../../../src/bundle/server.ts';
import { renderBodies } from '../../../src/render/render-bodies.ts';
import type { BodyResult } from '../../../src/render/render-body.ts';
import type { Route } from '../../../src/routes/route.ts';
import type { PageData, SidebarItem, SiteData } from '../../../templates/shared/types.ts';

const site = {
  title: 'Data',
  tagline: '',
  url: 'https://x.example',
  baseUrl: '/',
  navbar: { hideOnScroll: false, items: [] },
  colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
  locales: [{ name: 'en', label: 'English', htmlLang: 'en', prefix: '' }],
  currentLocale: 'en',
  versions: [],
  docsPluginId: 'default',
} as unknown as SiteData;
const sidebars: Record<string, SidebarItem[]> = { api: [{ type: 'link', label: 'Only link', href: '/docs/api/one' }] };
const route = (n: number): Route => ({
  path: `/docs/api/t${n}`,
  kind: 'api-tag',
  template: 'ApiTagPage',
  body: { type: 'none' },
  links: [],
  unlisted: false,
  page: {
    path: `/docs/api/t${n}`,
    kind: 'api-tag',
    title: `Tag ${n}`,
    sidebarId: 'api',
    toc: [],
    data: { name: `Tag ${n}`, operations: [], description: { __html: `<p>MARKER-${n}</p>` } },
  },
});

/** issue 5: a route's chunk is its data plus a shared template; the server bundle is templates only. */
describe('route data in the bundles', () => {
  let genDir: string;
  let server: ServerBundle;
  let clientFiles: Array<{ path: string; contents: Uint8Array }>;
  const generated = generateRouteModules([route(1), route(2)], sidebars, site);
  let firstVisit: Awaited<ReturnType<typeof buildClient>>['firstVisit'];
  beforeAll(async () => {
    genDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-route-data-'));
    // The generated modules are served from memory: nothing but the server bundle is written to genDir.
    [server, { files: clientFiles, firstVisit }] = await Promise.all([
      buildServer({ genDir, generated: generated.files, entries: generated.entries }),
      buildClient({ genDir, generated: generated.files, entries: generated.entries, minify: true }),
    ]);
  }, 60_000);
  afterAll(() => fs.rm(genDir, { recursive: true, force: true }));

  it('ships each page’s data in its own chunk, and the sidebar once, in a shared one', () => {
    const text = clientFiles
      .filter((f) => f.path.endsWith('.js'))
      .map((f) => ({ path: f.path, js: Buffer.from(f.contents).toString('utf8') }));
    expect(text.filter((f) => f.js.includes('MARKER-1')).map((f) => f.path)).toEqual([
      expect.stringMatching(/\/r0-docs_api_t1-/),
    ]);
    expect(text.filter((f) => f.js.includes('MARKER-2')).map((f) => f.path)).toEqual([
      expect.stringMatching(/\/r1-docs_api_t2-/),
    ]);
    // The sidebar is in one file, the template module both routes import, not in either route's chunk.
    const withSidebar = text.filter((f) => f.js.includes('Only link'));
    expect(withSidebar.map((f) => f.path)).toEqual([expect.stringMatching(/\/t-ApiTagPage-api-[A-Z0-9]{8}\.js$/)]);
    const templateFile = (withSidebar[0]?.path ?? '').split('/').at(-1) as string;
    for (const chunk of text.filter((f) => f.js.includes('MARKER-')))
      expect(chunk.js).toContain(`from"./${templateFile}"`);
  });

  it('makes API pages first-visit chunks, but not for a reference above 2,000 data routes (issue 20)', async () => {
    expect([...firstVisit.keys()]).toEqual(['/docs/api/t1', '/docs/api/t2']);
    const many = generateRouteModules(
      Array.from({ length: 2001 }, (_, i) => route(i)),
      sidebars,
      site,
    );
    const large = await buildClient({ genDir, generated: many.files, entries: many.entries, minify: true });
    expect(Object.keys(large.manifest.routes)).toHaveLength(2001);
    expect(large.firstVisit.size).toBe(0);
  }, 60_000);

  it('names a data chunk by its content, so changed data gets a new URL and unchanged data keeps its own', () => {
    const again = generateRouteModules([route(1)], sidebars, site).entries[0];
    const page = again?.page as PageData;
    const a = dataChunk({ name: 'r0', page, templateFile: 't.js', sidebar: true });
    const b = dataChunk({ name: 'r0', page: { ...page, title: 'Changed' }, templateFile: 't.js', sidebar: true });
    expect(a.file).toMatch(/^r0-[A-Z2-7]{8}\.js$/);
    expect(b.file).not.toBe(a.file);
    expect(dataChunk({ name: 'r0', page, templateFile: 't.js', sidebar: true })).toEqual(a);
    // The sidebar comes from the template module, not repeated in the data.
    expect(Buffer.from(a.contents).toString('utf8')).not.toContain('Only link');
  });

  it('takes a small template module’s code into the chunk, saving the page a request, and imports a large one', async () => {
    const page = generateRouteModules([route(1)], sidebars, site).entries[0]?.page as PageData;
    const templateCode =
      'import{a as o}from"./c/chunk-AAAAAAAA.js";import{a as p}from"./c/chunk-BBBBBBBB.js";var t=o.ApiTagPage;export{t as Template,p as sidebar};';
    const small = dataChunk({ name: 'r0', page, templateFile: 't.js', templateCode, sidebar: true });
    const smallJs = Buffer.from(small.contents).toString('utf8');
    expect(small.inlined).toBe(true);
    expect(smallJs).not.toContain('t.js');
    expect(smallJs.startsWith(templateCode.slice(0, templateCode.indexOf('export{')))).toBe(true);
    // It still exports what a route module does, as a module would see it.
    const standalone = smallJs.replace(/import\{a as (\w)\}from"[^"]+";/g, 'const $1={ApiTagPage:"T"};');
    const exported = await import(`data:text/javascript,${encodeURIComponent(standalone)}`);
    expect(Object.keys(exported).sort()).toEqual(['Template', 'page']);
    expect(exported.Template).toBe('T');
    expect(exported.page.title).toBe('Tag 1');
    // A module holding data of its own (a sidebar nothing else imports) is imported, never copied into each chunk.
    const large = dataChunk({
      name: 'r0',
      page,
      templateFile: 't.js',
      templateCode: `var s=${JSON.stringify('x'.repeat(4000))};var t=1;export{t as Template,s as sidebar};`,
      sidebar: true,
    });
    expect(large.inlined).toBe(false);
    expect(Buffer.from(large.contents).toString('utf8')).toContain('from"./t.js"');
  });

  it('leaves the page data out of the server bundle and renders it from the route table', async () => {
    expect([...server.modules].map(([routePath, m]) => [routePath, Object.keys(m).sort()])).toEqual([
      ['/docs/api/t1', ['Template']],
      ['/docs/api/t2', ['Template']],
    ]);
    expect(await fs.readFile(server.file as string, 'utf8')).not.toContain('MARKER-');
    const bodies = await renderBodies(server, site, generated.entries);
    const marker = (b: BodyResult | undefined) => (b && 'html' in b ? /MARKER-\d/.exec(b.html)?.[0] : b?.error.message);
    expect(marker(bodies.get('/docs/api/t1'))).toBe('MARKER-1');
    expect(marker(bodies.get('/docs/api/t2'))).toBe('MARKER-2');
    expect([...bodies.values()].every((b) => 'html' in b && b.html.includes('Only link'))).toBe(true); // the sidebar, from memory too
  });
});
