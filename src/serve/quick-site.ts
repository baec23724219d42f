import fs from 'node:fs/promises';
import path from 'node:path';
import { buildClient } from '../bundle/client.js';
import { buildLiquidWorker } from '../bundle/liquid-worker.js';
import { manifestFile } from '../bundle/manifest-file.js';
import { generateRouteModules } from '../bundle/route-modules.js';
import { buildServer } from '../bundle/server.js';
import type { PortalConfig } from '../config/schema.js';
import { collectContentFiles } from '../content/content-files.js';
import { proseLines } from '../content/fenced-lines.js';
import { parseFrontMatter } from '../content/front-matter.js';
import type { ProcessedSource } from '../content/process-source.js';
import type { SiteSources } from '../content/scan-site.js';
import type { SourceFile } from '../content/scan.js';
import type { StaticFiles } from '../content/scan-static.js';
import type { Interruptible } from '../output/interrupt.js';
import type { OutputFile } from '../output/write.js';
import { htmlFileFor } from '../render/output-path.js';
import { pageOnRequest } from '../render/render-pages.js';
import { buildRoutes } from '../routes/build-routes.js';
import type { Route } from '../routes/route.js';
import { shellKey } from './shell-key.js';
import { outputPaths } from './static-server.js';

/**
 * `portal serve`'s first page after a fresh start (issue 16 item 2): with no earlier preview to show, the first
 * build must compile every doc, load the API document and bundle every route before it can render a page (2.7 s
 * for the portal, 7 s for 1,000 docs on the 2-core machine). Meanwhile a page asked for is made here on its own:
 * the routes from each doc's front matter (its title, else its first `#` line), that page's source compiled and
 * bundled alone, and rendered as the build renders it.
 *
 * What it cannot know without the rest of the build it leaves out: the API reference (its pages wait for the
 * build; its sidebar has only the reference's category until then), other docs' headings and links, last-updated
 * dates. Its client side is a build of its own, so once the first build is ready the page loads itself again from
 * it (a shell of another key, templates/client/live-reload.ts).
 */
export interface QuickSite {
  /** The page a request path under the base URL names (`/docs/intro`), made alone; undefined when it cannot be. */
  page(inBase: string): Promise<OutputFile | undefined>;
  /** A file of the client side of a page made here, or one of its images, by its path under the base URL (`/_portal/…`). */
  clientFile(inBase: string): OutputFile | undefined;
  /** A file of the site's static folder (the page's logo, favicon, images), which the build has not written yet. */
  staticFile(inBase: string): Promise<OutputFile | undefined>;
  /** Resolves once no page is being made. */
  idle(): Promise<void>;
  /** Removes its bundles' folder, once the pages under way are made. */
  close(): Promise<void>;
}

export interface QuickSiteInput {
  config: PortalConfig;
  configFile: string;
  locale: string | undefined;
  site: SiteSources;
  /** The site folder: files a page names by its path (an image beside it) are read from it (content-files.ts). */
  siteDir: string;
  statics: StaticFiles;
  /** A folder of its own for the bundles, removed by `close`. */
  genDir: string;
  includeDrafts: boolean;
  /**
   * The API reference's category (apiref/category.ts), when the site has one: what `{type: 'openapi'}` stands for
   * in a sidebar until the build has read the document, its reference left out, so that a navbar link to that
   * sidebar leads where the build's does.
   */
  apiCategory: { path: string; label: string } | undefined;
  /** The live-reload endpoint, so the page hears of the first build. */
  liveReload: string;
  apiConsole: boolean;
  /** The build's bundle disk cache (bundle-disk-cache.ts): the Liquid worker, the portal's own code, comes from it. */
  bundleCache: string | undefined;
  /** The CLI's signal handling: Ctrl-C removes the folder too. */
  interrupt?: Interruptible | undefined;
  /** Compiles a Markdown source as the build does (on its compile workers, even while they are held). */
  compile(source: SourceFile): Promise<ProcessedSource | undefined>;
  /** Holds the build's compile workers until `until` settles (CompilePool.hold). */
  hold(until: Promise<unknown>): void;
}

export function createQuickSite(input: QuickSiteInput): QuickSite {
  const { config } = input;
  const markdown = [...input.site.pages, ...input.site.versions.flatMap((v) => v.files)].filter(
    (s) => s.ext !== '.tsx',
  );
  // Made at the first request (tens of ms for 1,000 docs): a start no one asks a page of during its build pays none.
  let processed: Map<string, ProcessedSource> | undefined;
  let light: ReturnType<typeof routesOf>;
  let byFile: Map<string, Route> | undefined;
  const routeOf = (file: string): Route | undefined => {
    if (!byFile) {
      processed = new Map(markdown.map((s) => [s.file, outline(s)]));
      light = routesOf(input, processed);
      byFile = new Map(light?.table.routes.map((r) => [htmlFileFor(r.path, config.trailingSlash), r]));
    }
    return byFile.get(file);
  };
  const pages = new Map<string, Promise<OutputFile | undefined>>();
  const assets = new Map<string, OutputFile>();
  let made = 0;
  const release = input.interrupt?.track(input.genDir);
  let closing: Promise<void> | undefined;
  const idle = async (): Promise<void> => {
    await Promise.all(pages.values());
  };

  const make = async (file: string, route: Route): Promise<OutputFile | undefined> => {
    let routes = light;
    // The page's own source compiled: its body, headings and table of contents as the build makes them.
    const source = route.file ? markdown.find((s) => s.file === route.file) : undefined;
    if (source) {
      const compiled = await input.compile(source);
      if (!compiled || compiled.diagnostics.some((d) => d.severity === 'error')) return undefined;
      // Its images beside it, answered from memory like its client files until the build has written them.
      const files = await collectContentFiles([{ file: source.file, links: compiled.links }], input.siteDir);
      for (const f of files.values()) assets.set(f.path, f);
      routes = routesOf(input, new Map(processed).set(source.file, compiled), files);
    }
    const full = routes?.table.byPath.get(route.path);
    if (!routes || !full) return undefined;
    const generated = generateRouteModules([full], routes.versions.bundleSidebars, routes.site, { hot: true });
    const genDir = path.join(input.genDir, String(made++));
    await fs.mkdir(genDir, { recursive: true });
    // The client build waits for the Liquid worker, the same for every build: asked for as the build asks (from the
    // disk cache when there, 0.1 s less), so the client build finds it; the server bundle does not wait for it.
    void buildLiquidWorker({ minify: true, diskCache: input.bundleCache }).catch(() => undefined);
    const [client, server] = await Promise.all([
      buildClient({
        genDir,
        generated: generated.files,
        entries: generated.entries,
        minify: true,
        apiConsole: input.apiConsole,
      }),
      buildServer({ genDir, generated: generated.files, entries: generated.entries }),
    ]);
    const manifest = manifestFile(client.manifest, config.baseUrl);
    for (const f of [...client.files, manifest.file]) assets.set(f.path, f);
    return pageOnRequest({
      pages: generated.entries,
      bundle: server,
      site: routes.site,
      manifest: client.manifest,
      manifestUrl: manifest.url,
      config,
      liveReload: { url: input.liveReload, shell: shellKey(config, client.manifest) },
      firstVisit: undefined,
    })(file);
  };

  return {
    page(inBase) {
      for (const file of outputPaths(inBase)) {
        const route = routeOf(file);
        if (!route) continue;
        let page = pages.get(file);
        if (!page) {
          // A page that fails here (a compile error, a bundling error) is left to the build, which reports it.
          page = make(file, route).catch(() => undefined);
          pages.set(file, page);
          // A page asked for once the build compiles is made while the build's workers wait: beside them it took
          // 2.8 s instead of 0.35 s for the portal's home page.
          input.hold(page);
        }
        return page;
      }
      return Promise.resolve(undefined);
    },
    clientFile: (inBase) => assets.get(inBase.replace(/^\/+/, '')),
    async staticFile(inBase) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(inBase);
      } catch {
        return undefined;
      }
      // Only a path the static folder's scan listed: nothing else of the disk is reachable through here.
      if (!input.statics.paths.has(decoded)) return undefined;
      const contents = await fs.readFile(path.join(input.statics.dir, decoded)).catch(() => undefined);
      return contents && { path: decoded.slice(1), contents: new Uint8Array(contents) };
    },
    idle,
    close() {
      // Once, whoever asks first (the first build's end, or serve closing before it).
      closing ??= (async () => {
        await idle();
        await fs.rm(input.genDir, { recursive: true, force: true });
        release?.();
      })();
      return closing;
    },
  };
}

/** The route stage on these sources, without the API reference; undefined when it fails (the build says why). */
function routesOf(
  input: QuickSiteInput,
  processed: ReadonlyMap<string, ProcessedSource>,
  files: ReadonlyMap<string, OutputFile> = new Map(),
) {
  const { versions, siteData, table, diagnostics } = buildRoutes({
    versions: {
      versions: input.site.versions,
      processed,
      apiItems: input.apiCategory
        ? [
            {
              type: 'category',
              label: input.apiCategory.label,
              href: input.apiCategory.path,
              collapsed: false,
              items: [],
            },
          ]
        : [],
      includeDrafts: input.includeDrafts,
      sidebarCollapsed: input.config.docs.sidebarCollapsed,
    },
    table: {
      config: input.config,
      pages: input.site.pages.map((file) => ({ file, source: processed.get(file.file) })),
      apiRoutes: [],
      files,
    },
    configFile: input.configFile,
    locale: input.locale,
  });
  return !table || diagnostics.some((d) => d.severity === 'error')
    ? undefined
    : { versions, site: siteData.site, table };
}

/**
 * What the route stage needs of a source it has not compiled: its front matter, and its first `#` line as the
 * title it falls back on (the compiled heading's text may differ in inline markup: `*a*` is `a` there).
 */
function outline(source: SourceFile): ProcessedSource {
  const { frontMatter, body } = parseFrontMatter(source.text, source.file);
  const title = frontMatter.title === undefined ? firstHeading(body) : undefined;
  return {
    frontMatter,
    code: '',
    headings: title ? [{ depth: 1, id: '', text: title }] : [],
    links: [],
    diagnostics: [],
  };
}

/** The text of the first `# heading` outside code fences, with the usual inline markup taken off. */
export function firstHeading(body: string): string | undefined {
  const isProse = proseLines();
  for (const line of body.split('\n', 400)) {
    if (!isProse(line)) continue;
    const heading = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading
      .replace(/\s*\{#[^}]*\}$/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
      .trim();
    return text || undefined;
  }
  return undefined;
}
