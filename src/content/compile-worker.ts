// Runs on a worker thread: compiles the sources of each batch it is given. Bundled to plain JS by compile-pool.ts,
// so a worker starts without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import {
  CLAIM_NEXT,
  CLAIM_STOP,
  type CompileBatch,
  type CompileBatchMessage,
  claimSlot,
  whileHeld,
} from './compile-batch.js';
import { registerLanguages } from './prism.js';
import { processSource } from './process-source.js';

const port = parentPort;
if (!port) throw new Error('compile-worker must run on a worker thread');
/** The site's grammars, registered before any batch: given at the start, or by a message (compile-pool.ts). */
let setLanguages: (names: readonly string[]) => void = () => undefined;
const registered = new Promise<void>((resolve, reject) => {
  setLanguages = (names) => registerLanguages(names).then(resolve, reject);
});
const data = workerData as { languages?: string[] | undefined; hold: SharedArrayBuffer };
if (data.languages) setLanguages(data.languages);
const hold = new Int32Array(data.hold);

/**
 * Takes the batch's sources one at a time, claiming each through the batch's shared counter, so the workers of a
 * batch share its sources without waiting for the main thread.
 */
port.on('message', async (message: CompileBatch | { languages: string[] }) => {
  if ('languages' in message) return setLanguages(message.languages);
  await registered;
  const { batch, inputs, claims, slot, urgent } = message;
  const claim = new Int32Array(claims);
  const post = (msg: CompileBatchMessage) => port.postMessage(msg);
  for (;;) {
    if (!urgent) await whileHeld(hold);
    if (Atomics.load(claim, CLAIM_STOP) !== 0) break;
    const index = Atomics.add(claim, CLAIM_NEXT, 1);
    const input = inputs[index];
    if (!input) break;
    Atomics.store(claim, claimSlot(slot), index);
    try {
      post({ batch, index, result: await processSource(input.text, input.file) });
    } catch (err) {
      post({ batch, index, failure: String((err as Error)?.stack ?? err) });
    }
    // Another batch given meanwhile (serve: an edit during a rebuild) gets its turn between two sources.
    await new Promise((resolve) => setImmediate(resolve));
  }
  post({ batch, done: true });
});
