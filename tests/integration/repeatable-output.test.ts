import { describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { silentLogger } from '../../src/log.ts';
import { fixtureDir } from '../helpers/fixtures.ts';

const digest = (files: Awaited<ReturnType<typeof build>>['files']) =>
  Object.fromEntries(
    files.map((f) => [
      f.path,
      Buffer.from(typeof f.contents === 'string' ? f.contents : f.contents).toString('base64'),
    ]),
  );

describe('repeatable output', () => {
  it('gives the same file names and bytes when nothing changed, so browsers and CDNs keep their caches', async () => {
    const first = await build({ root: fixtureDir('basic'), write: false, log: silentLogger });
    const second = await build({ root: fixtureDir('basic'), write: false, log: silentLogger });
    expect(first.files.some((f) => /^_portal\/entry-[A-Z0-9]+\.js$/.test(f.path))).toBe(true);
    expect(digest(second.files)).toEqual(digest(first.files));
  }, 120_000);
});
