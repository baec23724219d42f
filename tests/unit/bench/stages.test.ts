import { describe, expect, it } from 'vitest';
import { formatStageTimes, medianStageTimes, parseStageTimes } from '../../../src/bench/stages.ts';

const output = (compileMs: number, writeMs: number) => `✓ config 39 ms
✓ compile 36 MDX files ${compileMs} ms
  a warning line 12 ms
✓ write ../../../tmp/portal-bench-x/portal-build ${writeMs} ms
173 routes (2 page, 35 doc) → build/ in 4.1s, 19.5 MB, no warnings
maxRSS=250000
`;

describe('bench stage times (issue 17 item 5)', () => {
  it('reads the stage lines of a build, naming the write stage without its folder', () => {
    expect(parseStageTimes(output(1406, 608))).toEqual([
      { stage: 'config', ms: 39 },
      { stage: 'compile 36 MDX files', ms: 1406 },
      { stage: 'write', ms: 608 },
    ]);
  });

  it('takes each stage’s median over the runs and prints cold and warm side by side', () => {
    const cold = medianStageTimes([
      parseStageTimes(output(1500, 600)),
      parseStageTimes(output(1400, 900)),
      parseStageTimes(output(1450, 700)),
    ]);
    expect(cold).toEqual([
      { stage: 'config', ms: 39 },
      { stage: 'compile 36 MDX files', ms: 1450 },
      { stage: 'write', ms: 700 },
    ]);
    expect(formatStageTimes('stages:', cold, [{ stage: 'config', ms: 20 }])).toMatchInlineSnapshot(`
      [
        "stages:",
        "  stage                     cold      warm",
        "  config                   39 ms     20 ms",
        "  compile 36 MDX files   1450 ms         -",
        "  write                   700 ms         -",
      ]
    `);
  });
});
