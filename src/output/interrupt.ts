import fs from 'node:fs';

/**
 * What a SIGINT or SIGTERM interrupts (issue 8): the build registers the temporary folders it creates, and
 * the write stage runs guarded, so an interruption waits for it to stop at a safe point (its temporary folder
 * removed, or the swap into place finished) instead of leaving a half-written site.
 */
export interface Interruptible {
  /** Aborted when an interruption starts; long stages check it at safe points. */
  readonly signal: AbortSignal;
  /** Removes `file` (recursively) if the process is interrupted before the returned release is called. */
  track(file: string): () => void;
  /** Runs `fn`; an interruption that arrives meanwhile waits until it settles. */
  guard<T>(fn: () => Promise<T>): Promise<T>;
}

export interface InterruptController extends Interruptible {
  /** Aborts, waits for the guarded sections, then removes every tracked path. Safe to call once. */
  interrupt(reason: string): Promise<void>;
}

/** Created by the CLI per command; passed down as an option, so no module holds process-wide state. */
export function createInterruptController(): InterruptController {
  const controller = new AbortController();
  const tracked = new Set<string>();
  const running = new Set<Promise<unknown>>();
  return {
    signal: controller.signal,
    track(file) {
      tracked.add(file);
      return () => tracked.delete(file);
    },
    guard(fn) {
      const promise = fn();
      const settled = promise.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return promise;
    },
    async interrupt(reason) {
      controller.abort(new InterruptedError(reason));
      while (running.size > 0) await Promise.all([...running]);
      // Synchronous on purpose: the process exits right after, and nothing else may run in between. One path that
      // cannot be removed does not keep the others; the next build of the folder removes what is left (recoverStale).
      for (const file of tracked) {
        try {
          fs.rmSync(file, { recursive: true, force: true, maxRetries: 3 });
        } catch {
          // Left for the next build.
        }
      }
      tracked.clear();
    },
  };
}

/** The reason an aborted stage throws; the CLI reports the signal itself, not this error. */
export class InterruptedError extends Error {
  constructor(reason: string) {
    super(`interrupted by ${reason}`);
    this.name = 'InterruptedError';
  }
}
