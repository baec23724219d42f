// Runs on a worker thread: writes the files of one output folder as the build hands them over (write-thread.ts).
// Bundled to plain JS like the other workers (worker-script.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { writeOrReuse } from './reuse.js';

/** One file to write: its place in the temporary folder, and the previous output's file of the same path. */
export interface WriteRequest {
  target: string;
  previous: string | undefined;
  bytes: Uint8Array;
}
/** A file to write, or a request to answer once every file sent before it is written. */
export type WriteMessage = { write: WriteRequest } | { flush: number };
/** The answer to a flush: the first write that failed, if one did (the writes after it were not made). */
export interface FlushAnswer {
  flushed: number;
  failure?: { message: string; code?: string | undefined } | undefined;
}

const port = parentPort;
if (!port) throw new Error('write-worker must run on a worker thread');
/** Bytes of the files handed over that are written (or skipped after a failure), for the sender's backpressure. */
const done = (workerData as { done: BigInt64Array }).done;
const folders = new Set<string>();
let failure: FlushAnswer['failure'];
port.on('message', (message: WriteMessage) => {
  if ('flush' in message) {
    port.postMessage({ flushed: message.flush, failure } satisfies FlushAnswer);
    return;
  }
  const { target, previous, bytes } = message.write;
  try {
    if (failure) return;
    const dir = path.dirname(target);
    if (!folders.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      folders.add(dir);
    }
    writeOrReuse(target, bytes, previous);
  } catch (err) {
    failure = { message: (err as Error).message, code: (err as NodeJS.ErrnoException).code };
  } finally {
    Atomics.add(done, 0, BigInt(bytes.byteLength));
    Atomics.notify(done, 0);
  }
});
