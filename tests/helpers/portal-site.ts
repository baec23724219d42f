import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../src/commands/build.ts';
import { memoryLogger, projectRoot } from './fixtures.ts';

/**
 * The real portal (site/) built once per test worker with default options, for the test files that only read it
 * (browser tests of the shell, Try it, accessibility). Vitest runs files without isolation (vitest.config.ts), so
 * this module's state is shared by every file a worker runs; the folder goes when the worker exits.
 * Files that change the site or pass options build their own.
 */
let built: Promise<string> | undefined;

export function portalSiteBuild(): Promise<string> {
  built ??= buildOnce();
  return built;
}

async function buildOnce(): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
  process.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const outDir = path.join(tmp, 'build');
  await build({ root: projectRoot, outDir, log: memoryLogger() });
  return outDir;
}
