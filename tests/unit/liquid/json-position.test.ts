import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonError } from '../../../templates/liquid/json-position.ts';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('findJsonError', () => {
  it('points at the first character JSON cannot take', () => {
    expect(findJsonError('{ "a": 1 }')).toBeUndefined();
    expect(findJsonError('{\n  "a": 1,\n}')).toBe(12);
    expect(findJsonError('{ "a": }')).toBe(7);
    expect(findJsonError('{ "a": tru }')).toBe(10);
    expect(findJsonError('[1, 2')).toBe(5);
    expect(findJsonError('"\\x"')).toBe(1);
    expect(findJsonError('{} x')).toBe(3);
    expect(findJsonError('')).toBe(0);
  });

  it('agrees with JSON.parse on what is valid', () => {
    const jsonish = fc.stringMatching(/^[\s{}[\]",:0-9.eE+\-truefalsn\\a]{0,24}$/);
    fc.assert(
      fc.property(
        fc.oneof(
          jsonish,
          fc.json(),
          fc.json().map((j) => j.slice(0, -1)),
        ),
        (text) => {
          expect(findJsonError(text) === undefined).toBe(parses(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
