// Runs on a worker thread: highlights the code samples of a large API document while the main thread builds its
// pages (highlight-pool.ts). Bundled to plain JS like the other workers (worker-script.ts).
import { parentPort } from 'node:worker_threads';
import { highlightCode } from './highlight.js';

/** A batch of samples to highlight, answered with their HTML in the same order. */
export interface HighlightBatch {
  id: number;
  samples: Array<{ code: string; lang: string }>;
}
export interface HighlightAnswer {
  id: number;
  html: string[];
}

const port = parentPort;
if (!port) throw new Error('highlight-worker must run on a worker thread');
port.on('message', ({ id, samples }: HighlightBatch) => {
  port.postMessage({ id, html: samples.map((s) => highlightCode(s.code, s.lang).__html) } satisfies HighlightAnswer);
});
