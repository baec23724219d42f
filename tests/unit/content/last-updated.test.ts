import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLastUpdated } from '../../../src/content/last-updated.ts';

const repo = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-last-updated-'));
const cacheDir = path.join(repo, '.cache');
afterAll(() => fs.rm(repo, { recursive: true, force: true }));

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
const commitAt = (date: string) =>
  execFileSync('git', ['commit', '-qam', date, '--allow-empty'], {
    cwd: repo,
    env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date },
  });

describe('last update dates kept between builds', () => {
  it('follow the commit checked out, not only the files asked about', async () => {
    const doc = path.join(repo, 'doc.md');
    git('init', '-q');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 'T');
    await fs.writeFile(doc, 'one\n');
    git('add', 'doc.md');
    commitAt('2024-01-02T03:04:05Z');
    const first = await loadLastUpdated([doc], cacheDir);
    expect(first.get(doc)).toBe('2024-01-02T03:04:05+00:00');
    expect(await loadLastUpdated([doc], cacheDir)).toEqual(first);
    // An uncommitted edit: git log says the same.
    await fs.writeFile(doc, 'two\n');
    expect(await loadLastUpdated([doc], cacheDir)).toEqual(first);
    // A new commit of the file: a new date, not the kept one.
    commitAt('2025-06-07T08:09:10Z');
    expect((await loadLastUpdated([doc], cacheDir)).get(doc)).toBe('2025-06-07T08:09:10+00:00');
    // Back to the first commit: its date again.
    git('checkout', '-q', 'HEAD~1');
    expect((await loadLastUpdated([doc], cacheDir)).get(doc)).toBe('2024-01-02T03:04:05+00:00');
  });
});
