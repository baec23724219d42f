/** The middle of some timings (the upper one of an even count), with the fastest and the slowest. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** The spread of `xs`; all zero when there are none. */
export function spread(xs: readonly number[]): Spread {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    min: sorted[0] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}
