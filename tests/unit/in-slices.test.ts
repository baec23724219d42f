import { describe, expect, it } from 'vitest';
import { inSlices } from '../../src/in-slices.ts';

// Long synchronous loops (writing the output, rendering on the main thread) let signals, requests and serve's
// watcher through between slices, and stop there when told to.

describe('inSlices', () => {
  it('calls the function for every item in order, with its index', async () => {
    const seen: string[] = [];
    await inSlices(['a', 'b', 'c'], (x, i) => seen.push(`${i}${x}`));
    expect(seen).toEqual(['0a', '1b', '2c']);
  });

  it('yields to the event loop on long runs, and stops between two calls once the signal is aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    // Each call takes about 1 ms, so the first slice ends after about 10 calls; the timer aborts in between.
    const slow = () => {
      calls++;
      const until = performance.now() + 1;
      while (performance.now() < until);
    };
    setImmediate(() => controller.abort(new Error('stop')));
    await expect(
      inSlices(
        Array.from({ length: 1000 }, (_, i) => i),
        slow,
        controller.signal,
      ),
    ).rejects.toThrow('stop');
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(1000);
  });
});
