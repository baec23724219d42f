import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../../../templates/liquid/render.worker.ts';
import { createLiquidRunner } from '../../../templates/liquid/worker-client.ts';

/** A stand-in for the render worker: answers with the template upper-cased, or never when it says `loop`. */
function fakeWorkers() {
  const started: Array<{ terminated: boolean; received: string[] }> = [];
  const create = () => {
    const target = new EventTarget();
    const record = { terminated: false, received: [] as string[] };
    started.push(record);
    const emit = (data: unknown) =>
      setTimeout(() => !record.terminated && target.dispatchEvent(new MessageEvent('message', { data })), 5);
    emit({ type: 'ready' });
    return Object.assign(target, {
      postMessage({ id, example }: RenderRequest) {
        record.received.push(example.template);
        if (example.template !== 'loop')
          emit({ type: 'rendered', id, result: { ok: true, output: example.template.toUpperCase() } });
      },
      terminate() {
        record.terminated = true;
      },
    }) as unknown as Worker;
  };
  return { started, create };
}

const example = (template: string) => ({ template, data: '', files: {} });

describe('createLiquidRunner', () => {
  it('renders in the worker; of the requests made while one runs, only the latest is sent next', async () => {
    const workers = fakeWorkers();
    const runner = createLiquidRunner({ workerUrl: 'w.js', timeoutMs: 1000, createWorker: workers.create });
    const first = runner.render(example('a'));
    const second = runner.render(example('ab'));
    const third = runner.render(example('abc'));
    expect(await Promise.all([first, second, third])).toEqual([
      { ok: true, output: 'A' },
      { ok: 'superseded' },
      { ok: true, output: 'ABC' },
    ]);
    expect(await runner.render(example('d'))).toEqual({ ok: true, output: 'D' });
    expect(workers.started.map((w) => w.received)).toEqual([['a', 'abc', 'd']]);
    runner.dispose();
    expect(workers.started[0]?.terminated).toBe(true);
  });

  it('terminates a worker that runs past the time limit, says so, and starts a fresh one for the next render', async () => {
    const workers = fakeWorkers();
    const runner = createLiquidRunner({ workerUrl: 'w.js', timeoutMs: 60, createWorker: workers.create });
    const started = Date.now();
    expect(await runner.render(example('loop'))).toEqual({
      ok: false,
      problem: {
        source: 'limit',
        message: 'rendering took longer than 0.06 s, so it was stopped (an endless or very long loop?)',
      },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(workers.started[0]?.terminated).toBe(true);
    expect(await runner.render(example('after'))).toEqual({ ok: true, output: 'AFTER' });
    expect(workers.started).toHaveLength(2);
    runner.dispose();
  });
});
