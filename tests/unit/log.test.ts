import { describe, expect, it } from 'vitest';
import { Stopped, stage } from '../../src/log.ts';
import { memoryLogger } from '../helpers/fixtures.ts';

describe('a stage line', () => {
  it('marks a stage that failed, and one stopped on purpose (serve, for a newer change) only as stopped', async () => {
    const failed = memoryLogger();
    await expect(stage(failed, 'bundle', () => Promise.reject(new Error('bad input')))).rejects.toThrow('bad input');
    expect(failed.text()).toMatch(/✗ bundle \d+ ms/);

    const stopped = memoryLogger();
    const reason = new Stopped('superseded by a newer change');
    await expect(stage(stopped, 'bundle', () => Promise.reject(reason))).rejects.toBe(reason);
    expect(stopped.text()).toMatch(/- bundle \d+ ms, stopped/);
    expect(stopped.text()).not.toContain('✗');
  });
});
