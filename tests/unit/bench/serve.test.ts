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
      firstPagesMs: [7350.4, 7012, 7801],
      firstBuildsMs: [9120.6, 9000, 9500],
      restartsMs: [812.2, 790, 1020],
      afterBuildsMs: [1204.6, 980.2, 1010],
      editsMs: [2564, 2527.2, 2796],
      pageMs: [310, 290, 400],
      hotShown: 0,
      fullLoads: 3,
      rssAfterFirstMb: 242,
      rssAfterLastMb: undefined,
    });
    expect(lines[0]).toContain(
      'serve (portal, `portal serve` in a child process): / answered 7350 ms (median of 7350 ms, 7012 ms, 7801 ms) after a fresh start (the first build ended at 9121 ms (median of 9121 ms, 9000 ms, 9500 ms)), 812 ms (median of 812 ms, 790 ms, 1020 ms) after a restart, 1010 ms (median of 1205 ms, 980 ms, 1010 ms) after `portal build`',
    );
    expect(lines[1]).toContain(
      'edit-to-visible on /docs/intro, median 2564 ms (min 2527 ms, max 2796 ms) over 3 edits, 0 shown before their rebuild, 3 by a full page load',
    );
    expect(lines[2]).toContain(
      "in the page, from the server's event to painted: median 310 ms (min 290 ms, max 400 ms)",
    );
    expect(lines[3]).toBe('serve (portal): RSS after edit 1 242 MB, after edit 3 n/a');
    expect(lines).toHaveLength(4);
  });

  it('prints the OpenAPI edits of a site that has them', () => {
    const lines = formatServeFigures({
      site: {
        label: 'portal',
        firstPage: '/',
        route: '/docs/intro',
        apiEdit: { route: '/docs/api/get-single-employee', file: 'openapi/business-api.yaml', find: 'x' },
      },
      firstPagesMs: [1],
      restartsMs: [1],
      editsMs: [1],
      pageMs: [1],
      hotShown: 1,
      fullLoads: 0,
      rssAfterFirstMb: 1,
      rssAfterLastMb: 1,
      apiEditsMs: [1300, 1100.4, 1200],
    });
    expect(lines[4]).toBe(
      'serve (portal): OpenAPI edit-to-visible on /docs/api/get-single-employee (a description changed in openapi/business-api.yaml), median 1200 ms (min 1100 ms, max 1300 ms) over 3 edits',
    );
  });
});
