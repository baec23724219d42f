import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../../src/commands/build.ts';
import { memoryLogger, projectRoot, withOutputFiles } from './fixtures.ts';

/**
 * The real portal (site/) built once per test worker with default options, for the test files that only read it
 * (browser tests of the shell, Try it, accessibility, the spec's route list). Vitest runs files without isolation (vitest.config.ts), so
 * this module's state is shared by every file a worker runs; the folder goes when the worker exits.
 * Files that change the site or pass options build their own.
 */
let built: Promise<BuildResult> | undefined;

/** The build's result (routes, files with their contents): for tests that read pages without a browser. */
export function portalSite(): Promise<BuildResult> {
  built ??= buildOnce();
  return built;
}

/** The folder the portal was built into, to serve. */
export const portalSiteBuild = async (): Promise<string> => (await portalSite()).outDir;

async function buildOnce(): Promise<BuildResult> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
  process.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  return withOutputFiles(await build({ root: projectRoot, outDir: path.join(tmp, 'build'), log: memoryLogger() }));
}
