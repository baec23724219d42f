import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageData, SiteData } from '../../templates/types.js';
import type { ServerBundle } from '../bundle/server.js';

/** One route's server-rendered body, or why it failed. */
export type BodyResult = { html: string } | { error: Error };

/** Below this many routes a second thread costs more to start (it imports React and the bundle) than it saves. */
const PARALLEL_FROM = 150;
/** Routes handed out per request: small enough to balance, large enough that messages stay cheap. */
const BATCH = 24;

/**
 * Render stage, React side: every route's body HTML. Server rendering is CPU-bound and synchronous, so on
 * large sites a worker thread that imports the same server bundle takes batches from a shared queue while
 * the main thread renders too; on the 2-core target that roughly halves the stage.
 */
export async function renderBodies(bundle: ServerBundle, site: SiteData, pages?: readonly PageData[]): Promise<BodyResult[]> {
  const count = bundle.modules.length;
  const results: BodyResult[] = new Array(count);
  // The server bundle holds templates, not page data: each route's page comes from the route table.
  const moduleOf = (i: number) => (pages ? { ...bundle.modules[i], page: pages[i] } : bundle.modules[i]);
  const renderOne = (i: number): BodyResult => {
    try {
      return { html: bundle.renderRoute({ module: moduleOf(i), site }) };
    } catch (err) {
      return { error: err as Error };
    }
  };
  const threads = count >= PARALLEL_FROM && bundle.file ? Math.min(os.availableParallelism(), 4) - 1 : 0;
  if (threads <= 0) {
    for (let i = 0; i < count; i++) results[i] = renderOne(i);
    return results;
  }
  let next = 0;
  const take = (): [number, number] | undefined => {
    if (next >= count) return undefined;
    const start = next;
    next = Math.min(count, next + BATCH);
    return [start, next];
  };
  const script = path.join(path.dirname(bundle.file as string), `render-worker-${process.pid}-${Date.now()}.mjs`);
  await fs.writeFile(script, WORKER_SOURCE);
  const workers = Array.from({ length: threads }, () => new Worker(script, { workerData: { bundleUrl: pathToFileURL(bundle.file as string).href, site } }));
  try {
    const remote = workers.map((worker) => runWorker(worker, take, results, pages));
    for (const r of remote) r.done.catch(() => undefined); // an idle worker's crash must not go unhandled
    // The main thread renders batches too, yielding between them so worker messages are answered promptly.
    for (let range = take(); range; range = take()) {
      for (let i = range[0]; i < range[1]; i++) results[i] = renderOne(i);
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

function runWorker(worker: Worker, take: () => [number, number] | undefined, results: BodyResult[], pages: readonly PageData[] | undefined): { done: Promise<void>; busy(): boolean } {
  let busy = false;
  const done = new Promise<void>((resolve, reject) => {
    const send = () => {
      const range = take();
      busy = range !== undefined;
      // A batch carries its pages' data: the worker's bundle has none (structured clone, a few hundred KB).
      if (range) worker.postMessage([range[0], range[1], pages?.slice(range[0], range[1])]);
      else resolve();
    };
    worker.on('message', (msg: { ready?: true; start?: number; bodies?: Array<{ html?: string; error?: string; stack?: string }> }) => {
      if (msg.bodies && msg.start !== undefined) {
        msg.bodies.forEach((b, k) => {
          results[(msg.start as number) + k] = b.html !== undefined ? { html: b.html } : { error: Object.assign(new Error(b.error), { stack: b.stack }) };
        });
      }
      send();
    });
    worker.on('error', (err: Error) => reject(new Error(`a render worker crashed: ${err.message}`, { cause: err })));
  });
  return { done, busy: () => busy };
}

// Plain JS so the worker starts without a TypeScript loader; it only imports the already-built server bundle.
const WORKER_SOURCE = `import { parentPort, workerData } from 'node:worker_threads';
const bundle = await import(workerData.bundleUrl);
const site = workerData.site;
parentPort.on('message', ([start, end, pages]) => {
  const bodies = [];
  for (let i = start; i < end; i++) {
    const module = pages ? { ...bundle.modules[i], page: pages[i - start] } : bundle.modules[i];
    try { bodies.push({ html: bundle.renderRoute({ module, site }) }); }
    catch (err) { bodies.push({ error: String(err && err.message || err), stack: err && err.stack }); }
  }
  parentPort.postMessage({ start, bodies });
});
parentPort.postMessage({ ready: true });
`;
