import { describe, expect, it } from 'vitest';
import { listenStorage, readStorage, removeStorage, writeStorage } from '../../templates/shell/storage.ts';

describe('storage during server rendering (spec §8)', () => {
  it('throws `Illegal storage API usage` for every operation', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(() => readStorage('theme')).toThrowErrorMatchingInlineSnapshot(
      `[Error: Illegal storage API usage for storage key "theme". Browser storage is not available while rendering on the server: read and write it in effects and event handlers only.]`,
    );
    expect(() => writeStorage('theme', 'dark')).toThrow(/^Illegal storage API usage/);
    expect(() => removeStorage('announcement-bar')).toThrow(/^Illegal storage API usage/);
    expect(() => listenStorage('theme', () => {})).toThrow(/^Illegal storage API usage/);
  });
});
