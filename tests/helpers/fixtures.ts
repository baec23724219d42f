import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../../src/commands/build.ts';
import { silentLogger, type Logger } from '../../src/log.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
/** ../shared beside the worktree (spec, third-party OpenAPI fixtures): /work/wt/<name> has /work/wt/shared next to it. */
export const sharedDir = path.resolve(projectRoot, '../shared');
export const fixtureDir = (name: string): string => path.join(projectRoot, 'tests', 'fixtures', name);

/** A logger that records lines, for asserting on messages. */
export function memoryLogger(): Logger & { lines: string[]; text(): string } {
  const lines: string[] = [];
  return {
    lines,
    info: (l) => lines.push(l),
    warn: (l) => lines.push(l),
    error: (l) => lines.push(l),
    text: () => lines.join('\n'),
  };
}

/** Builds a fixture site in-process into a fresh temporary folder; call once per test file (beforeAll). */
export async function buildFixture(
  name: string,
  options: Partial<BuildOptions> = {},
): Promise<BuildResult & { outDir: string; log: ReturnType<typeof memoryLogger> }> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), `portal-${name}-`));
  const log = memoryLogger();
  const result = await build({ root: fixtureDir(name), outDir: path.join(outDir, 'build'), log, ...options });
  return { ...(await withOutputFiles(result)), outDir: path.join(outDir, 'build'), log };
}

/**
 * The result with `files` read back from its output folder: a build writes pages and data chunks as it makes them
 * and returns only what it wrote last; tests read every file, as served (static files included).
 */
const TEXT = /\.(html|json|xml|txt|md)$/;

export async function withOutputFiles<T extends Pick<BuildResult, 'files' | 'outDir'>>(result: T): Promise<T> {
  if (result.files.some((f) => f.path.endsWith('.html'))) return result; // write: false returns them all
  const files: BuildResult['files'] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const at = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, at);
      else if (entry.isFile()) {
        const bytes = await fs.readFile(full);
        // As the build makes them: pages and data files as text, scripts, styles and images as bytes.
        files.push({ path: at, contents: TEXT.test(at) ? bytes.toString('utf8') : new Uint8Array(bytes) });
      }
    }
  };
  await walk(result.outDir, '');
  return { ...result, files };
}

export const quietBuild = (options: BuildOptions) => build({ log: silentLogger, ...options });
