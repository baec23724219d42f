// Runs on a worker thread: compiles one source per message. Bundled to plain JS by compile-pool.ts,
// so a worker starts without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { registerLanguages } from './prism.js';
import { processSource } from './process-source.js';

const port = parentPort;
if (!port) throw new Error('compile-worker must run on a worker thread');
await registerLanguages((workerData as { languages: string[] }).languages);

port.on('message', async ({ id, text, file }: { id: number; text: string; file: string }) => {
  try {
    port.postMessage({ id, result: await processSource(text, file) });
  } catch (err) {
    port.postMessage({ id, failure: String((err as Error)?.stack ?? err) });
  }
});
