import type { ProcessedSource } from './process-source.js';

/**
 * What the main thread sends each compile worker of a batch: every source, and a shared counter the workers claim
 * them from. Handing out one source per answer left the workers idle while the main thread was busy elsewhere (the
 * API document's stage runs on it meanwhile, seconds for a large one): each waited for its next source until then.
 */
export interface CompileBatch {
  batch: number;
  inputs: ReadonlyArray<{ file: string; text: string }>;
  /** An Int32Array's buffer: CLAIM_NEXT, CLAIM_STOP, then each worker's slot (claimSlot). */
  claims: SharedArrayBuffer;
  /** This worker's place among the batch's workers. */
  slot: number;
  /** Taken even while the pool is held (CompilePool.hold): the source a waiting reader's page needs. */
  urgent?: boolean | undefined;
}

/**
 * A pool's hold (CompilePool.hold): an Int32Array's buffer whose one value counts the holds; while it is not 0,
 * a worker takes no further source of a batch that is not urgent. Given to each worker when it starts.
 */
export const holdBuffer = (): SharedArrayBuffer => new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);

/** Resolves once `hold` (holdBuffer's view) is 0, yielding to the worker's other messages meanwhile. */
export async function whileHeld(hold: Int32Array): Promise<void> {
  for (let count = Atomics.load(hold, 0); count !== 0; count = Atomics.load(hold, 0)) {
    // Not in lib ES2023's types; Node 16 and later have it.
    const waiting = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(hold, 0, count);
    if (waiting.async) await waiting.value;
  }
}

type WaitAsync = (
  view: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

/** A worker's answers: one per source it took, then `done` once it takes no more. */
export type CompileBatchMessage =
  | { batch: number; index: number; result: ProcessedSource }
  | { batch: number; index: number; failure: string }
  | { batch: number; done: true };

/** The index of the next source to take. */
export const CLAIM_NEXT = 0;
/** Not 0: take no more (a source failed, or a worker died). */
export const CLAIM_STOP = 1;
/** Where a worker notes the source it took last: a worker that dies is named with the file it was compiling. */
export const claimSlot = (slot: number): number => 2 + slot;
export const claimsFor = (workers: number): SharedArrayBuffer =>
  new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * claimSlot(workers));
