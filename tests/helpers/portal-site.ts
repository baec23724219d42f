import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { build } from '../../src/commands/build.ts';
import type { Route } from '../../src/routes/route.ts';
import { memoryLogger, projectRoot, withOutputFiles } from './fixtures.ts';

/**
 * The real portal (site/) built with default options, for the test files that only read it (browser tests of the
 * shell, Try it, accessibility, the spec's route list). The global setup builds it once for the whole run, before
 * any test file starts (tests/global-setup.ts): built in each test worker instead, two builds ran side by side on
 * two cores at the start of every run. Without it (a single file run by hand, `npm run test:unit`) the worker builds
 * it, once: vitest runs files without isolation (vitest.config.ts), so this module's state is shared by every file
 * a worker runs. Files that change the site or pass options build their own.
 */
export interface PortalSite {
  outDir: string;
  routes: Route[];
  /** Every output file, read back from outDir. */
  files: Awaited<ReturnType<typeof withOutputFiles>>['files'];
}

/** What the global setup hands the test workers: where the portal was built and where its routes are. */
export interface PrebuiltPortal {
  outDir: string;
  routesFile: string;
}

/** Builds the portal into `dir`/build and writes its routes beside it, for workers to read. */
export async function buildPortalSite(dir: string): Promise<PrebuiltPortal> {
  const result = await build({ root: projectRoot, outDir: path.join(dir, 'build'), log: memoryLogger() });
  const routesFile = path.join(dir, 'routes.json');
  fs.writeFileSync(routesFile, JSON.stringify(result.table.routes));
  return { outDir: result.outDir, routesFile };
}

let built: Promise<PortalSite> | undefined;

/** The build's routes and files: for tests that read pages without a browser. */
export function portalSite(): Promise<PortalSite> {
  built ??= load();
  return built;
}

/** The folder the portal was built into, to serve. */
export const portalSiteBuild = async (): Promise<string> => (await portalSite()).outDir;

async function load(): Promise<PortalSite> {
  let prebuilt = inject('portalSite');
  if (!prebuilt) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
    process.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
    prebuilt = await buildPortalSite(tmp);
  }
  const routes = JSON.parse(fs.readFileSync(prebuilt.routesFile, 'utf8')) as Route[];
  const { files } = await withOutputFiles({ outDir: prebuilt.outDir, files: [] });
  return { outDir: prebuilt.outDir, routes, files };
}
