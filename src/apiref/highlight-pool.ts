import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SafeHtml } from '../../templates/shared/api-model.js';
import { workerScript } from '../worker-script.js';
import { highlightCode } from './highlight.js';
import type { HighlightAnswer, HighlightBatch } from './highlight-worker.js';

/**
 * From this many code samples (four per operation) a worker highlights them: below, starting it costs more than
 * it saves. Measured on the 2-core machine: highlighting is 0.6 ms per operation, a sixth of the API stage, which
 * runs on the main thread alone while the other core has nothing to do.
 */
const WORKER_FROM = 2_000;
/** Samples per message: small enough that the worker starts early, large enough that messages stay cheap. */
const BATCH = 256;

/**
 * Highlights code samples for the API stage: `highlight` returns the sample's HTML object at once, filled in by the
 * time `done` resolves (on a worker thread for a large document, at once otherwise). The same HTML either way: the
 * worker runs the same highlighter (highlight.ts) with the same grammars.
 */
export interface SampleHighlighter {
  highlight(code: string, lang: string): SafeHtml;
  done(): Promise<void>;
}

export async function startSampleHighlighter(samples: number): Promise<SampleHighlighter> {
  if (samples < WORKER_FROM) return { highlight: highlightCode, done: async () => undefined };
  const script = await workerScript(
    path.join(import.meta.dirname, 'highlight-worker.ts'),
    path.resolve(import.meta.dirname, '../../.portal'),
    import.meta.url,
  );
  const worker = new Worker(script.file);
  type Sample = { code: string; lang: string; html: SafeHtml };
  /** Batches sent and not answered yet, by id: what they fill in. */
  const waiting = new Map<number, Sample[]>();
  let batch: Sample[] = [];
  let lastId = 0;
  let failed = false;
  /** `done` was called: no more samples come, so the last answer settles. */
  let sealed = false;
  let settle: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const fill = (sample: Sample, html = highlightCode(sample.code, sample.lang).__html): void => {
    sample.html.__html = html;
  };
  // Whatever the worker leaves unanswered (it crashed, or could not start) is highlighted here instead.
  const highlightHere = (): void => {
    failed = true;
    for (const samples of waiting.values()) for (const sample of samples) fill(sample);
    waiting.clear();
    settle();
  };
  worker.on('message', ({ id, html }: HighlightAnswer) => {
    const samples = waiting.get(id);
    waiting.delete(id);
    samples?.forEach((sample, i) => {
      fill(sample, html[i]);
    });
    if (waiting.size === 0 && sealed) settle();
  });
  worker.on('error', highlightHere);
  worker.on('exit', () => {
    if (waiting.size > 0) highlightHere();
  });
  const send = (): void => {
    if (batch.length === 0) return;
    const id = ++lastId;
    waiting.set(id, batch);
    if (!failed)
      worker.postMessage({ id, samples: batch.map(({ code, lang }) => ({ code, lang })) } satisfies HighlightBatch);
    batch = [];
  };
  return {
    highlight(code, lang) {
      const html: SafeHtml = { __html: '' };
      if (failed) return highlightCode(code, lang);
      batch.push({ code, lang, html });
      if (batch.length >= BATCH) send();
      return html;
    },
    async done() {
      send();
      sealed = true;
      if (failed) highlightHere();
      else if (waiting.size === 0) settle();
      try {
        await answered;
      } finally {
        await worker.terminate();
        if (script.own) await fs.rm(script.file, { force: true });
      }
    },
  };
}
