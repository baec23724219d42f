// Worker bootstrap: loader hooks are per thread, so the worker registers tsx itself before loading TS.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { processSource } = await import('./process-source.ts');
const { registerLanguages } = await import('./plugins/highlight.ts');
await registerLanguages(workerData.languages);

parentPort.on('message', async ({ id, text, file }) => {
  try {
    parentPort.postMessage({ id, result: await processSource(text, file) });
  } catch (err) {
    parentPort.postMessage({ id, failure: String(err?.stack ?? err) });
  }
});
