import { rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../worker-script.js';
import type { FlushAnswer, WriteMessage } from './write-worker.js';

/**
 * The thread that writes one output folder (write-worker.ts). Creating a file is the kernel's work, and it was the
 * main thread's: a cold build of the portal writes 640 files (25 MB) into a new folder, 0.3–0.5 s of system time
 * spent in `open` and `mkdir` between two pages rendered, while the other core had nothing to do. The same
 * synchronous writes (with the same reuse of the previous output, reuse.ts) now run beside the rendering.
 */
export interface WriteThread {
  /** Hands over a file; `bytes` is moved to the thread (the caller no longer reads it). */
  write(target: string, previous: string | undefined, bytes: Uint8Array): void;
  /** Resolves once every file handed over is written; rejects with the first write that failed. */
  flush(): Promise<void>;
  /** Stops the thread, whatever it was writing (a file half written stays half written). Safe to call again. */
  stop(): Promise<void>;
  /** Bytes handed over and not written yet: what the thread holds in memory. */
  pendingBytes(): number;
}

export async function startWriteThread(inFlight = IN_FLIGHT): Promise<WriteThread> {
  const done = new BigInt64Array(new SharedArrayBuffer(8));
  const worker = new Worker(await writeWorkerScript(), { workerData: { done } });
  let sent = 0;
  /** Flushes not answered yet, by id. */
  const waiting = new Map<number, { resolve(): void; reject(err: Error): void }>();
  let lastFlush = 0;
  let gone: Error | undefined;
  let stopping: Promise<void> | undefined;
  const fail = (err: Error): void => {
    gone ??= err;
    for (const flush of waiting.values()) flush.reject(gone);
    waiting.clear();
  };
  worker.on('message', ({ flushed, failure }: FlushAnswer) => {
    const flush = waiting.get(flushed);
    waiting.delete(flushed);
    if (!failure) flush?.resolve();
    else flush?.reject(Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {}));
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the thread writing the output stopped')));
  return {
    write(target, previous, bytes) {
      // Rendering runs faster than the disk takes files at times: past `inFlight` bytes not yet written, the sender
      // waits for the thread, so a large site's pages do not pile up in memory (as they could not when written here).
      // A thread that makes no progress for seconds (it died: its exit is told on this thread, which waits here)
      // is waited for no longer; the next flush tells why.
      sent += bytes.byteLength;
      let written = Atomics.load(done, 0);
      for (let idle = 0; sent - Number(written) > inFlight && idle < STALLED_WAITS; ) {
        Atomics.wait(done, 0, written, 100);
        const now = Atomics.load(done, 0);
        idle = now === written ? idle + 1 : 0;
        written = now;
      }
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      worker.postMessage(
        { write: { target, previous, bytes } } satisfies WriteMessage,
        own ? [bytes.buffer as ArrayBuffer] : [],
      );
    },
    flush() {
      if (gone) return Promise.reject(gone);
      const id = ++lastFlush;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ flush: id } satisfies WriteMessage);
      });
    },
    pendingBytes: () => sent - Number(Atomics.load(done, 0)),
    stop() {
      stopping ??= worker.terminate().then(() => undefined);
      return stopping;
    },
  };
}

/** Bytes handed over and not yet written past which the sender waits. */
const IN_FLIGHT = 32 * 1024 * 1024;
/** Waits of 100 ms without a byte written after which the sender goes on. */
const STALLED_WAITS = 50;

/**
 * The worker's script: made beside the bundled CLI by bin/launch.js; run from the TypeScript sources (tests), made
 * once per process and removed when it exits (what a process killed outright leaves, output/leftovers.ts removes).
 */
let script: Promise<string> | undefined;

function writeWorkerScript(): Promise<string> {
  script ??= workerScript(
    path.join(import.meta.dirname, 'write-worker.ts'),
    path.resolve(import.meta.dirname, '../../.portal'),
    import.meta.url,
  ).then(
    ({ file, own }) => {
      if (own) process.once('exit', () => rmSync(file, { force: true }));
      return file;
    },
    (err: unknown) => {
      // Made again by the next build rather than failing every later one.
      script = undefined;
      throw err;
    },
  );
  return script;
}
