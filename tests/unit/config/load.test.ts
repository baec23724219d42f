import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.ts';
import { PortalError } from '../../../src/diagnostics.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-config-load-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The diagnostics loadConfig throws for a site folder. */
async function failure(siteDir: string) {
  const err = await loadConfig(siteDir, path.join(dir, 'cache')).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PortalError);
  return (err as PortalError).diagnostics;
}

describe('loading portal.config.ts from a site folder', () => {
  it('names a missing site folder and says how to point at the right one, instead of a syntax-error hint', async () => {
    const [d] = await failure(path.join(dir, 'missing'));
    expect(d?.code).toBe('site-missing');
    expect(d?.message).toContain(path.join(dir, 'missing'));
    expect(d?.hint).toContain('--site');
  });

  it('names a missing config file in an existing folder', async () => {
    await fs.mkdir(path.join(dir, 'site'));
    const [d] = await failure(path.join(dir, 'site'));
    expect(d?.code).toBe('config-missing');
    expect(d?.file).toBe(path.join(dir, 'site', 'portal.config.ts'));
    expect(d?.hint).not.toContain('syntax');
  });
});
