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
  return { ...result, outDir: path.join(outDir, 'build'), log };
}

export const quietBuild = (options: BuildOptions) => build({ log: silentLogger, ...options });
