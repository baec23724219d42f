import { describe, expect, it } from 'vitest';
import { COLLAPSE_EASING, collapseDuration } from '../../templates/shell/collapse.ts';

describe('collapse animation duration (spec §9)', () => {
  it('grows with the content height, less than linearly', () => {
    expect([0, 36, 100, 360, 1000, 3600].map((h) => collapseDuration(h, false))).toMatchInlineSnapshot(`
      [
        40,
        192,
        239,
        327,
        440,
        714,
      ]
    `);
  });

  it('is 1 ms under prefers-reduced-motion, whatever the height', () => {
    expect(collapseDuration(0, true)).toBe(1);
    expect(collapseDuration(5000, true)).toBe(1);
  });

  it('eases in and out', () => {
    expect(COLLAPSE_EASING).toBe('ease-in-out');
  });
});
