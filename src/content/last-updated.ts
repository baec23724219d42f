import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Last commit date of each file, from git, where available (one git call for all files). */
export async function loadLastUpdated(files: readonly string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (files.length === 0) return result;
  const cwd = path.dirname(files[0] as string);
  try {
    const { stdout: top } = await run('git', ['rev-parse', '--show-toplevel'], { cwd });
    const root = top.trim();
    const { stdout } = await run(
      'git',
      ['log', '--format=@%cI', '--name-only', '--', ...files.map((f) => path.relative(root, f))],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    let date = '';
    for (const line of stdout.split('\n')) {
      if (line.startsWith('@')) date = line.slice(1);
      else if (line && date) {
        const abs = path.join(root, line);
        if (!result.has(abs)) result.set(abs, date);
      }
    }
  } catch {
    // Not a git checkout, or git missing: pages simply show no date.
  }
  return result;
}
