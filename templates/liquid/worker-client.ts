import type { RenderRequest, WorkerMessage } from './render.worker.ts';
import type { LiquidExampleInput, RenderProblem, RenderResult } from './render-example.ts';

/** What a render request ends with: the worker's result, or `superseded` when a newer request replaced it. */
export type RunOutcome = RenderResult | { ok: 'superseded' };

export interface LiquidRunner {
  /** Renders the example; only the latest of the requests made while one runs is sent. */
  render(example: LiquidExampleInput): Promise<RunOutcome>;
  dispose(): void;
}

export interface LiquidRunnerOptions {
  /** The worker script (src/bundle/liquid-worker.ts). */
  workerUrl: string | URL;
  /** A render still running after this long is stopped by terminating the worker (issue 19: 1 s). */
  timeoutMs: number;
  /** How to start a worker; a test can pass its own. */
  createWorker?: (url: string | URL) => Worker;
}

interface Pending {
  example: LiquidExampleInput;
  resolve(outcome: RunOutcome): void;
}

/**
 * The page-side half of Try it: one worker at a time, a request in flight and the latest one waiting. A render that
 * outlives `timeoutMs` terminates the worker (the only way to stop a busy one), and the next request starts a
 * fresh worker. The clock starts when the worker has loaded, so a slow first download is not taken for a loop.
 */
export function createLiquidRunner(options: LiquidRunnerOptions): LiquidRunner {
  const createWorker = options.createWorker ?? ((url) => new Worker(url));
  let worker: { instance: Worker; ready: boolean } | undefined;
  let inFlight: (Pending & { id: number; timer: ReturnType<typeof setTimeout> | undefined }) | undefined;
  let waiting: Pending | undefined;
  let nextId = 1;
  let disposed = false;

  const finish = (outcome: RunOutcome) => {
    const done = inFlight;
    if (!done) return;
    clearTimeout(done.timer);
    inFlight = undefined;
    done.resolve(outcome);
    pump();
  };
  const fail = (problem: RenderProblem) => {
    worker?.instance.terminate();
    worker = undefined;
    finish({ ok: false, problem });
  };
  const send = () => {
    if (!inFlight || !worker?.ready) return;
    inFlight.timer = setTimeout(
      () =>
        fail({
          source: 'limit',
          message: `rendering took longer than ${options.timeoutMs / 1000} s, so it was stopped (an endless or very long loop?)`,
        }),
      options.timeoutMs,
    );
    worker.instance.postMessage({ id: inFlight.id, example: inFlight.example } satisfies RenderRequest);
  };
  const start = () => {
    const instance = createWorker(options.workerUrl);
    const started = { instance, ready: false };
    worker = started;
    instance.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      if (worker !== started) return;
      const message = event.data;
      if (message.type === 'ready') {
        started.ready = true;
        send();
      } else if (inFlight && message.id === inFlight.id) finish(message.result);
    });
    instance.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === started)
        fail({
          source: 'limit',
          message: 'the Liquid renderer could not be loaded; check your connection and try again',
        });
    });
  };
  function pump() {
    if (disposed || inFlight || !waiting) return;
    inFlight = { ...waiting, id: nextId++, timer: undefined };
    waiting = undefined;
    if (!worker) start();
    else send();
  }
  return {
    render(example) {
      return new Promise<RunOutcome>((resolve) => {
        waiting?.resolve({ ok: 'superseded' });
        waiting = { example, resolve };
        pump();
      });
    },
    dispose() {
      disposed = true;
      clearTimeout(inFlight?.timer);
      inFlight?.resolve({ ok: 'superseded' });
      waiting?.resolve({ ok: 'superseded' });
      inFlight = undefined;
      waiting = undefined;
      worker?.instance.terminate();
      worker = undefined;
    },
  };
}
