import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageData, SiteData } from '../../templates/shared/types.js';
import type { RoutePage } from '../bundle/route-modules.js';
import type { ServerBundle, ServerModule } from '../bundle/server.js';

/**
 * One route's server-rendered body and the raw values of its `id` attributes (entities not yet decoded), or
 * why it failed. The ids are collected right where the body is rendered: on whichever thread that is.
 */
export type BodyResult = { html: string; ids: string[] } | { error: Error };

/** Below this many routes a second thread costs more to start (it imports React and the bundle) than it saves. */
const PARALLEL_FROM = 150;
/** Routes handed out per request: small enough to balance, large enough that messages stay cheap. */
const BATCH = 24;
/** Near the end of the queue batches shrink down to this, so no thread is left finishing a long one alone. */
const MIN_BATCH = 4;
/**
 * Batches a worker holds at once. Its next request is answered only when the main thread pauses between two of
 * its own batches; with a second batch already queued the worker keeps rendering meanwhile instead of waiting.
 */
const IN_FLIGHT = 2;

/** Element ids in rendered HTML, as React writes them. The worker runs the same pattern (see WORKER_SOURCE). */
const ID_ATTRIBUTE = /\sid="([^"]+)"/g;

/**
 * The raw id attribute values of `html`, in document order. Besides the anchor check this matters for memory:
 * React builds the body by concatenation, a tree of thousands of small strings; the regex flattens it into one,
 * so the tree dies young instead of being kept (and copied by the garbage collector) until the page is written.
 */
export function rawIds(html: string): string[] {
  const ids: string[] = [];
  for (const m of html.matchAll(ID_ATTRIBUTE)) ids.push(m[1] as string);
  return ids;
}

/**
 * How many routes the next request gets: BATCH while plenty remain, then a share of what is left (at least
 * MIN_BATCH) so that all threads run out of work at about the same time.
 */
export function batchSize(remaining: number, threads: number): number {
  return Math.max(1, Math.min(remaining, BATCH, Math.max(MIN_BATCH, Math.ceil(remaining / (4 * threads)))));
}

/**
 * Render stage, React side: every route's body HTML and its ids, by route path. Server rendering is CPU-bound and
 * synchronous, so on large sites a worker thread that imports the same server bundle takes batches from a shared
 * queue while the main thread renders too; on the 2-core target that roughly halves the stage.
 */
export async function renderBodies(
  bundle: ServerBundle,
  site: SiteData,
  pages: readonly RoutePage[],
): Promise<Map<string, BodyResult>> {
  const count = pages.length;
  const results = new Map<string, BodyResult>();
  const renderOne = ({ route, page }: RoutePage): BodyResult => {
    try {
      // The server bundle holds templates, not page data: each route's page comes from memory.
      const html = bundle.renderRoute({ module: { ...serverModule(bundle, route.path), page }, site });
      return { html, ids: rawIds(html) };
    } catch (err) {
      return { error: err as Error };
    }
  };
  const threads = count >= PARALLEL_FROM && bundle.file ? Math.min(os.availableParallelism(), 4) - 1 : 0;
  if (threads <= 0) {
    for (const p of pages) results.set(p.route.path, renderOne(p));
    return results;
  }
  // Batches are ranges of `pages`: the queue hands out indexes into this one array.
  let next = 0;
  const take = (): readonly RoutePage[] | undefined => {
    if (next >= count) return undefined;
    const start = next;
    next += batchSize(count - next, threads + 1);
    return pages.slice(start, next);
  };
  const script = path.join(path.dirname(bundle.file as string), `render-worker-${process.pid}-${Date.now()}.mjs`);
  await fs.writeFile(script, WORKER_SOURCE);
  const workers = Array.from(
    { length: threads },
    () =>
      new Worker(script, {
        workerData: { bundleUrl: pathToFileURL(bundle.file as string).href, site, idPattern: ID_ATTRIBUTE.source },
      }),
  );
  try {
    const remote = workers.map((worker) => runWorker(worker, take, results));
    for (const r of remote) r.done.catch(() => undefined); // an idle worker's crash must not go unhandled
    // The main thread renders batches too, yielding between them so worker messages are answered promptly.
    for (let batch = take(); batch; batch = take()) {
      for (const p of batch) results.set(p.route.path, renderOne(p));
      await yieldToEventLoop();
    }
    // Wait only for batches a worker holds: one still importing the bundle (slow on a busy machine, or for
    // 1,000 API pages) has nothing to deliver and is terminated below.
    await Promise.all(remote.filter((r) => r.busy()).map((r) => r.done));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await fs.rm(script, { force: true });
  }
  return results;
}

/** A route's module in the server bundle, which has one for every route it was built from. */
function serverModule(bundle: ServerBundle, routePath: string): ServerModule {
  const module = bundle.modules.get(routePath);
  if (!module) throw new Error(`no server module for ${routePath}`);
  return module;
}

/** A batch as a worker gets it: each route's path (its module's key in the server bundle) and its page data. */
type WorkerBatch = Array<{ path: string; page: PageData }>;

/** A worker's answer for one route of a batch. */
interface WorkerBody {
  path: string;
  html?: string;
  ids?: string[];
  error?: string;
  stack?: string;
}

/** A worker's answer for one route, as the main thread's renderOne would have returned it. */
export function fromWorker(b: WorkerBody): BodyResult {
  return b.html !== undefined
    ? { html: b.html, ids: b.ids ?? [] }
    : { error: Object.assign(new Error(b.error), { stack: b.stack }) };
}

function runWorker(
  worker: Worker,
  take: () => readonly RoutePage[] | undefined,
  results: Map<string, BodyResult>,
): { done: Promise<void>; busy(): boolean } {
  let inFlight = 0;
  const done = new Promise<void>((resolve, reject) => {
    const send = (): boolean => {
      const batch = take();
      if (!batch) return false;
      inFlight++;
      // A batch carries its pages' data: the worker's bundle has none (structured clone, a few hundred KB).
      worker.postMessage(batch.map((p): WorkerBatch[number] => ({ path: p.route.path, page: p.page })));
      return true;
    };
    worker.on('message', (msg: { ready?: true; bodies?: WorkerBody[] }) => {
      if (msg.bodies) {
        for (const b of msg.bodies) results.set(b.path, fromWorker(b));
        inFlight--;
      }
      while (inFlight < IN_FLIGHT && send());
      if (inFlight === 0) resolve();
    });
    worker.on('error', (err: Error) => reject(new Error(`a render worker crashed: ${err.message}`, { cause: err })));
    // Not an error event, yet its batches will never come back: fail rather than wait forever.
    worker.on('exit', (code) => {
      if (inFlight > 0) reject(new Error(`a render worker exited (code ${code}) with ${inFlight} batches unfinished`));
    });
  });
  return { done, busy: () => inFlight > 0 };
}

// Plain JS so the worker starts without a TypeScript loader; it only imports the already-built server bundle.
// It collects each body's ids like rawIds (same pattern, passed in), which also flattens the body before it is
// posted.
const WORKER_SOURCE = `import { parentPort, workerData } from 'node:worker_threads';
const bundle = await import(workerData.bundleUrl);
const site = workerData.site;
const idPattern = new RegExp(workerData.idPattern, 'g');
const rawIds = (html) => { const ids = []; for (const m of html.matchAll(idPattern)) ids.push(m[1]); return ids; };
parentPort.on('message', (batch) => {
  const bodies = batch.map(({ path, page }) => {
    try {
      const module = bundle.modules.get(path);
      if (!module) throw new Error('no server module for ' + path);
      const html = bundle.renderRoute({ module: { ...module, page }, site });
      return { path, html, ids: rawIds(html) };
    } catch (err) { return { path, error: String(err && err.message || err), stack: err && err.stack }; }
  });
  parentPort.postMessage({ bodies });
});
parentPort.postMessage({ ready: true });
`;
