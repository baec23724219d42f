/**
 * The Try it worker (issue 19): renders Liquid examples off the page's thread, so a template that loops for
 * ever costs the reader nothing but this worker, which worker-client.ts terminates on its time limit. Built as
 * a file of its own (src/bundle/liquid-worker.ts) and started on the first use of a Try it control.
 */
import { type LiquidExampleInput, type RenderResult, renderLiquidExample } from './render-example.ts';

export interface RenderRequest {
  id: number;
  example: LiquidExampleInput;
}

export type WorkerMessage = { type: 'ready' } | { type: 'rendered'; id: number; result: RenderResult };

interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RenderRequest>) => void): void;
}

const scope = globalThis as unknown as WorkerScope & Record<string, unknown>;
// Templates reach nothing outside the example: the theme files are an in-memory map (theme-engine.ts), and the
// worker's own ways out are removed before any template runs.
for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'indexedDB', 'caches']) {
  try {
    Object.defineProperty(scope, name, { value: undefined, configurable: false, writable: false });
  } catch {
    // A property the engine does not let us redefine stays: nothing in LiquidJS or the theme engine calls it.
  }
}

scope.addEventListener('message', (event) => {
  const { id, example } = event.data;
  void renderLiquidExample(example).then((result) => scope.postMessage({ type: 'rendered', id, result }));
});
scope.postMessage({ type: 'ready' });
