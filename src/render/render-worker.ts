// Runs on a worker thread: renders batches of routes with the server bundle, which it loads itself. Bundled to
// plain JS (by bin/launch.js beside the CLI bundle, or by render-bodies.ts when the CLI runs from its sources), so
// a worker starts without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import type { PageData, SidebarItem, SiteData } from '../../templates/shared/types.js';
import { loadCommonJs } from '../bundle/load-bundle.js';
import type { ServerBundle } from '../bundle/server.js';
import { renderBody } from './render-body.js';

/** What a render worker starts with: the server bundle to import and the site data every page renders with. */
export interface RenderWorkerData {
  /** The server bundle (CommonJS) and where its packages resolve from (load-bundle.ts). */
  bundleFile: string;
  requireFrom: string;
  site: SiteData;
  /** The trees of Markdown-only pages, which the bundle does not hold (ServerBundle.staticTrees). */
  staticTrees: Readonly<Record<string, string>>;
}

/**
 * A batch: each route's path (its module's key in the server bundle) and its page data (the bundle has none).
 * A page's sidebar is sent once per worker, in `sidebars`, and named by number in `sidebar`: cloned with every
 * page, the sidebar of 10,000 operations made rendering grow with the square of the document (issue 20).
 */
export interface RenderBatch {
  sidebars: Record<number, SidebarItem[]>;
  pages: Array<{ path: string; page: PageData; sidebar?: number }>;
}

/** The answer for one route of a batch: its body and ids, or its error's message and stack (an Error is not cloned whole). */
export interface WorkerBody {
  path: string;
  html?: string;
  ids?: string[];
  error?: string;
  stack?: string | undefined;
}

/** What a worker posts: that it is ready for batches, then one answer per batch. */
export type RenderWorkerMessage = { ready: true } | { bodies: WorkerBody[] };

const port = parentPort;
if (!port) throw new Error('render-worker must run on a worker thread');
const { bundleFile, requireFrom, site, staticTrees } = workerData as RenderWorkerData;
const bundle = loadCommonJs(bundleFile, requireFrom) as ServerBundle;
bundle.registerStaticTrees(staticTrees);

const sidebars = new Map<number, SidebarItem[]>();

port.on('message', (batch: RenderBatch) => {
  for (const [n, items] of Object.entries(batch.sidebars)) sidebars.set(Number(n), items);
  const bodies = batch.pages.map(({ path, page, sidebar }): WorkerBody => {
    const body = renderBody(
      bundle,
      site,
      path,
      sidebar === undefined ? page : { ...page, sidebar: sidebars.get(sidebar) as SidebarItem[] },
    );
    if (!('error' in body)) return { path, html: body.html, ids: body.ids };
    const err = body.error as Error | undefined;
    return { path, error: String(err?.message ?? err), stack: err?.stack };
  });
  port.postMessage({ bodies } satisfies RenderWorkerMessage);
});
port.postMessage({ ready: true } satisfies RenderWorkerMessage);
