import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { PageData, SidebarItem, SiteData } from '../../templates/shared/types.js';
import { PORTAL_REQUIRE_BASE } from '../bundle/load-bundle.js';
import { inSlices } from '../in-slices.js';
import type { RoutePage } from '../bundle/route-modules.js';
import type { ServerBundle } from '../bundle/server.js';
import { workerScript } from '../worker-script.js';
import { type BodyResult, renderBody } from './render-body.js';
import type { RenderBatch, RenderWorkerData, RenderWorkerMessage, WorkerBody } from './render-worker.js';

/**
 * Below this many routes a second thread costs more to start (it imports React and the bundle) than it saves.
 * Measured on the 2-core machine: the portal (173 pages) builds in 6.1-6.8 s on one thread against 7.1 s with a
 * worker, an Asana preview (247) renders in 1.1-1.4 s against 1.5 s; 1,000 API pages in 8.3 s with it, 9.9 s without.
 */
const PARALLEL_FROM = 500;
/** Routes handed out per request: small enough to balance, large enough that messages stay cheap. */
const BATCH = 24;
/** Near the end of the queue batches shrink down to this, so no thread is left finishing a long one alone. */
const MIN_BATCH = 4;
/**
 * Batches a worker holds at once. Its next request is answered only when the main thread pauses between two of
 * its own batches; with a second batch already queued the worker keeps rendering meanwhile instead of waiting.
 */
const IN_FLIGHT = 2;

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
  signal?: AbortSignal | undefined,
): Promise<Map<string, BodyResult>> {
  const results = new Map<string, BodyResult>();
  await renderEachBody(bundle, site, pages, (routePath, body) => results.set(routePath, body), signal);
  return results;
}

/**
 * renderBodies handing each body to `deliver` as soon as it is made, in no particular order, so that a caller
 * can write a page and let its HTML go (10,000 API operations are gigabytes of HTML, issue 20).
 */
export async function renderEachBody(
  bundle: ServerBundle,
  site: SiteData,
  pages: readonly RoutePage[],
  deliver: (routePath: string, body: BodyResult) => void,
  /** `serve`: stops the work between two slices when a newer change has made it worthless. */
  signal?: AbortSignal | undefined,
): Promise<void> {
  const count = pages.length;
  const renderOne = ({ route, page }: RoutePage): BodyResult => renderBody(bundle, site, route.path, page);
  const threads = count >= PARALLEL_FROM && bundle.file ? Math.min(os.availableParallelism(), 4) - 1 : 0;
  if (threads <= 0) {
    // In slices: `serve` answers requests meanwhile (a page asked for during a rebuild is rendered on request).
    await inSlices(pages, (p) => deliver(p.route.path, renderOne(p)), signal);
    return;
  }
  // Batches are ranges of `pages`: the queue hands out indexes into this one array.
  let next = 0;
  const take = (): readonly RoutePage[] | undefined => {
    if (next >= count) return undefined;
    const start = next;
    next += batchSize(count - next, threads + 1);
    return pages.slice(start, next);
  };
  const script = await renderWorkerScript(path.dirname(bundle.file as string));
  const workerData: RenderWorkerData = {
    bundleFile: bundle.file as string,
    requireFrom: PORTAL_REQUIRE_BASE,
    site,
    staticTrees: bundle.staticTrees,
  };
  const workers = Array.from({ length: threads }, () => new Worker(script.file, { workerData }));
  try {
    const remote = workers.map((worker) => runWorker(worker, take, deliver));
    for (const r of remote) r.done.catch(() => undefined); // an idle worker's crash must not go unhandled
    // The main thread renders batches too, yielding between them so worker messages are answered promptly.
    for (let batch = take(); batch; batch = take()) {
      for (const p of batch) deliver(p.route.path, renderOne(p));
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
    // Wait only for batches a worker holds: one still importing the bundle (slow on a busy machine, or for
    // 1,000 API pages) has nothing to deliver and is terminated below.
    await Promise.all(remote.filter((r) => r.busy()).map((r) => r.done));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    if (script.own) await fs.rm(script.file, { force: true });
  }
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
  deliver: (routePath: string, body: BodyResult) => void,
): { done: Promise<void>; busy(): boolean } {
  let inFlight = 0;
  const sent = new Map<unknown, number>();
  const done = new Promise<void>((resolve, reject) => {
    const send = (): boolean => {
      const batch = take();
      if (!batch) return false;
      inFlight++;
      // A batch carries its pages' data: the worker's bundle has none (structured clone, a few hundred KB).
      worker.postMessage(toBatch(batch, sent));
      return true;
    };
    worker.on('message', (msg: RenderWorkerMessage) => {
      if ('bodies' in msg) {
        for (const b of msg.bodies) deliver(b.path, fromWorker(b));
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

/**
 * A batch as a worker gets it: each distinct sidebar array (by identity: route-modules.ts gives the routes of a
 * sidebar the same one) goes to a worker once, numbered in `sent`, and pages name it by that number.
 */
export function toBatch(batch: readonly RoutePage[], sent: Map<unknown, number>): RenderBatch {
  const sidebars: RenderBatch['sidebars'] = {};
  const pages = batch.map(({ route, page }): RenderBatch['pages'][number] => {
    const { sidebar, ...rest } = page as typeof page & { sidebar?: SidebarItem[] };
    if (!sidebar) return { path: route.path, page };
    let n = sent.get(sidebar);
    if (n === undefined) {
      n = sent.size;
      sent.set(sidebar, n);
      sidebars[n] = sidebar;
    }
    return { path: route.path, page: rest as PageData, sidebar: n };
  });
  return { sidebars, pages };
}

/** The render worker (render-worker.ts) as one plain-JS file: see workerScript. */
export const renderWorkerScript = (
  dir: string,
  from: string = import.meta.url,
): Promise<{ file: string; own: boolean }> =>
  workerScript(path.join(import.meta.dirname, 'render-worker.ts'), dir, from);
