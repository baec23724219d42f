import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * How long a long synchronous loop works before it lets the event loop run: a signal handler, `serve`'s requests and
 * its watcher are heard between two slices. Synchronous work is the fast way to write thousands of small files (an
 * asynchronous writeFile is three thread-pool round trips, measured 2–3 times slower for a 1,000-page site) and the
 * only way to render React on this thread; slicing keeps it from holding everything else up.
 */
export const SLICE_MS = 10;

/**
 * Runs `fn` over `items` synchronously, yielding to the event loop every SLICE_MS and checking `signal` before
 * each slice: an interruption stops the work between two calls, never inside one, and nothing is left in flight.
 */
export async function inSlices<T>(
  items: readonly T[],
  fn: (item: T, index: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  let i = 0;
  while (i < items.length) {
    signal?.throwIfAborted();
    const until = performance.now() + SLICE_MS;
    do fn(items[i] as T, i);
    while (++i < items.length && performance.now() < until);
    if (i < items.length) await yieldToEventLoop();
  }
}
