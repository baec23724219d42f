/**
 * Between the two renames that put a new build in place (output/write.ts), the output folder does not exist.
 * `serve` answers requests all the while: without this gate a page asked for in that instant came back 404
 * (or 500), and a reader saw "Not found" after saving an unrelated file. Readers hold the gate only from finding
 * a file to opening it (an open file survives the swap); a swap waits for those, and new readers wait for it.
 */
export interface SwapGate {
  /** Runs `fn` (finding and opening a file) once no swap is under way. */
  read<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs `fn` (the renames) once the readers in progress are done; readers arriving meanwhile wait. */
  swap<T>(fn: () => Promise<T>): Promise<T>;
}

export function createSwapGate(): SwapGate {
  let readers = 0;
  let swapping: Promise<void> | undefined;
  let readersDone: (() => void) | undefined;
  return {
    async read(fn) {
      while (swapping) await swapping;
      readers++;
      try {
        return await fn();
      } finally {
        readers--;
        if (readers === 0) readersDone?.();
      }
    },
    async swap(fn) {
      while (swapping) await swapping;
      let finish = (): void => {};
      swapping = new Promise<void>((resolve) => {
        finish = resolve;
      });
      try {
        if (readers > 0)
          await new Promise<void>((resolve) => {
            readersDone = resolve;
          });
        readersDone = undefined;
        return await fn();
      } finally {
        swapping = undefined;
        finish();
      }
    },
  };
}
