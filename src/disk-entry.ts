import { createHash } from 'node:crypto';
import { utimesSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * One cache entry on disk: a value written with v8.serialize behind the SHA-1 of its bytes, written whole or not at
 * all (a temporary file renamed), so a build running beside this one reads the old entry or the new one. A missing,
 * truncated or corrupt entry reads as undefined, never as an error: a cache only ever misses.
 */
const DIGEST_BYTES = 20;
/** A temporary file this old belongs to no running build: one stopped between writing and renaming it. */
const STALE_TMP_MS = 60 * 60 * 1000;

const sha1 = (data: string | Uint8Array): Buffer => createHash('sha1').update(data).digest();

export async function readEntry(file: string): Promise<unknown> {
  try {
    const bytes = await fs.readFile(file);
    if (bytes.length <= DIGEST_BYTES) return undefined;
    const body = bytes.subarray(DIGEST_BYTES);
    if (!sha1(body).equals(bytes.subarray(0, DIGEST_BYTES))) return undefined;
    const value: unknown = v8.deserialize(body);
    // Used now: pruning removes the least recently used first.
    markUsed(file);
    return value;
  } catch {
    return undefined;
  }
}

/** Writes the entry, then keeps at most `limits` of the folder's entries of the same extension, the newest first. */
export async function writeEntry(
  file: string,
  value: unknown,
  limits: { entries: number; bytes: number },
): Promise<void> {
  let tmp: string | undefined;
  try {
    const body = v8.serialize(value);
    await fs.mkdir(path.dirname(file), { recursive: true });
    tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const handle = await fs.open(tmp, 'w');
    try {
      const { bytesWritten } = await handle.writev([sha1(body), body]);
      if (bytesWritten !== DIGEST_BYTES + body.length) throw new Error('short write');
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
    tmp = undefined;
    const ext = path.extname(file);
    await pruneFolder(path.dirname(file), { isEntry: (name) => name.endsWith(ext), limits, keep: file });
  } catch {
    // Not kept: the next build does the work again.
  } finally {
    if (tmp) await fs.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/**
 * Keeps the most recently used files of `dir` that `isEntry` names (a read touches its file: markUsed), at most
 * `limits.entries` of them and `limits.bytes` in all, and always `keep`; removes the rest, and temporary files
 * (`*.tmp`) older than an hour, which belong to no running build. Returns the number of files removed. Nothing here
 * throws for a file that went meanwhile: another build pruning beside this one only makes a later read miss.
 */
export async function pruneFolder(
  dir: string,
  options: {
    isEntry: (name: string) => boolean;
    limits: { entries: number; bytes: number };
    keep?: string;
    /**
     * With a count-only limit, how far over it (a share of it) entries may go before they are looked at, and then
     * pruned down to the limit: a full cache is not stated at every build.
     */
    slack?: number;
  },
): Promise<number> {
  const names = await fs.readdir(dir);
  // Within a count-only limit, no entry goes: only temporary files need a look. The compile cache holds up to
  // 5,000 entries, and stating each cost every build that wrote one 0.1-0.16 s (of the portal's after a doc edit),
  // on the main thread during the bundle stage: a full cache paid it at every build until the slack.
  const underLimit =
    options.limits.bytes === Number.POSITIVE_INFINITY &&
    names.filter((n) => !n.endsWith('.tmp') && options.isEntry(n)).length <=
      options.limits.entries * (1 + (options.slack ?? 0));
  const found = await Promise.all(
    names.map(async (name) => {
      const tmp = name.endsWith('.tmp');
      if (!tmp && (underLimit || !options.isEntry(name))) return undefined; // other caches' folders, anything else
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      return stat?.isFile() ? { file, size: stat.size, mtime: stat.mtimeMs, tmp } : undefined;
    }),
  );
  const now = Date.now();
  let count = 0;
  let bytes = 0;
  const remove: string[] = [];
  for (const entry of found.filter((f) => f !== undefined).sort((a, b) => b.mtime - a.mtime)) {
    if (entry.tmp) {
      if (now - entry.mtime > STALE_TMP_MS) remove.push(entry.file);
      continue;
    }
    if (entry.file !== options.keep && (count >= options.limits.entries || bytes + entry.size > options.limits.bytes)) {
      remove.push(entry.file);
      continue;
    }
    count++;
    bytes += entry.size;
  }
  await Promise.all(remove.map((f) => fs.rm(f, { force: true }).catch(() => undefined)));
  return remove.length;
}

/**
 * Marks `file` as used now, for pruneFolder; never fails (the file may have gone). Synchronous: one quick system
 * call, where the thread pool's round trip cost the main thread 70 ms for the 1,000 entries of a large site's
 * compile cache.
 */
export function markUsed(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // Gone meanwhile: nothing to mark.
  }
}
