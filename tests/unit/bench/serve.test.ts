import { describe, expect, it } from 'vitest';
import { formatServeFigures } from '../../../src/bench/serve.ts';
import { spread } from '../../../src/bench/spread.ts';

describe('bench serve figures (issue 16 item 5)', () => {
  it('takes the middle edit as the median, with the fastest and the slowest', () => {
    expect(spread([2564, 2527, 2796, 2601, 2540])).toEqual({ median: 2564, min: 2527, max: 2796 });
    expect(spread([])).toEqual({ median: 0, min: 0, max: 0 });
  });

  it('prints the first page, the edits with their spread and full loads, and the memory after the first and last edit', () => {
    const lines = formatServeFigures({
      site: { label: 'portal', firstPage: '/', route: '/docs/intro' },
      firstPageMs: 7350.4,
      restartMs: 812.2,
      editsMs: [2564, 2527.2, 2796],
      pageMs: [310, 290, 400],
      hotShown: 0,
      fullLoads: 3,
      rssAfterFirstMb: 242,
      rssAfterLastMb: undefined,
    });
    expect(lines[0]).toContain(
      'serve (portal, `portal serve` in a child process): / answered 7350 ms after the first start, 812 ms after a restart',
    );
    expect(lines[1]).toContain(
      'edit-to-visible on /docs/intro, median 2564 ms (min 2527 ms, max 2796 ms) over 3 edits, 0 shown before their rebuild, 3 by a full page load',
    );
    expect(lines[2]).toContain(
      "in the page, from the server's event to painted: median 310 ms (min 290 ms, max 400 ms)",
    );
    expect(lines[3]).toBe('serve (portal): RSS after edit 1 242 MB, after edit 3 n/a');
  });
});
