import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ApiContribution } from './contribution.js';
import type { LoadApiOptions, SampleMemo } from './load.js';
import { readApiEntry, writeApiEntry } from './api-disk-cache.js';

/**
 * The API reference of an earlier build: reading, validating and dereferencing the document is the longest stage of
 * a warm build, and it depends only on the files the document is made of, on the options and on the code. An entry
 * is reused while every file it read still has the same bytes and the options are the same; anything else builds it
 * again. In memory, `portal serve` keeps the last one between rebuilds; on disk (`dir`), builds keep them between
 * runs, keyed on the code as well (api-disk-cache.ts).
 */
export interface ApiCache {
  entries: Map<string, { reads: Map<string, string>; contribution: ApiContribution }>;
  /**
   * `serve`: how long it goes without building the reference before the newest one is kept on disk. Written at each
   * save, it cost every edit of the document its encoding (~20 ms and its garbage) for a start that may never come.
   */
  writeQuietMs?: number | undefined;
  /** `serve`: its last build's highlighted code samples, for the next (LoadApiOptions.samples). */
  samples?: SampleMemo | undefined;
  /** The write waiting for that quiet, if any: serve makes it when it stops (flushApiCache). */
  writeTimer?: NodeJS.Timeout | undefined;
  pendingWrite?: (() => Promise<void>) | undefined;
}

/** Writes the entry waiting for a quiet moment now, if there is one (serve stopping). */
export async function flushApiCache(cache: ApiCache): Promise<void> {
  clearTimeout(cache.writeTimer);
  const write = cache.pendingWrite;
  cache.pendingWrite = undefined;
  await write?.().catch(() => undefined);
}

export const createApiCache = (options: { writeQuietMs?: number; keepSamples?: boolean } = {}): ApiCache => ({
  entries: new Map(),
  writeQuietMs: options.writeQuietMs,
  samples: options.keepSamples ? { byCode: new Map() } : undefined,
});

const hash = (text: string): string => createHash('sha1').update(text).digest('hex');

export async function loadApiCached(
  cache: ApiCache,
  options: LoadApiOptions,
  load: (options: LoadApiOptions) => Promise<ApiContribution>,
  disk?: { dir: string } | undefined,
): Promise<ApiContribution> {
  const key = hash(
    JSON.stringify({
      root: path.resolve(options.root),
      config: options.config,
      override: options.override,
      openapiRoot: options.openapiRoot,
    }),
  );
  const readFile = options.readFile ?? ((f: string) => fs.readFile(f, 'utf8'));
  const known = cache.entries.get(key);
  // Shared, not copied (it holds functions): the stages after this one read the contribution and never change it.
  if (known && (await currentTexts(known.reads, readFile))) return known.contribution;
  // An entry of these options in memory that no longer holds was this process's, and so is the one on disk.
  const stored = !known && disk && (await readApiEntry(disk.dir, key, (reads) => currentTexts(reads, readFile)));
  if (stored) {
    cache.entries.set(key, stored);
    return stored.contribution;
  }

  const reads = new Map<string, string>();
  const recording = async (file: string): Promise<string> => {
    const text = await readFile(file);
    reads.set(file, hash(text));
    return text;
  };
  const contribution = await load({ ...options, readFile: recording, samples: cache.samples });
  // A document with errors is not kept: the next build reports them again, or finds them fixed.
  if (contribution.diagnostics.some((d) => d.severity === 'error')) {
    cache.entries.delete(key);
    return contribution;
  }
  cache.entries.set(key, { reads, contribution });
  if (disk) {
    const write = () => writeApiEntry(disk.dir, key, { reads, contribution });
    clearTimeout(cache.writeTimer);
    cache.pendingWrite = undefined;
    if (cache.writeQuietMs === undefined) await write();
    else {
      cache.pendingWrite = write;
      cache.writeTimer = setTimeout(() => void flushApiCache(cache), cache.writeQuietMs);
      cache.writeTimer.unref();
    }
  }
  return contribution;
}

/** The text of every file read, when each still has the bytes it had; undefined when one changed or is gone. */
async function currentTexts(
  reads: ReadonlyMap<string, string>,
  readFile: (file: string) => Promise<string>,
): Promise<Map<string, string> | undefined> {
  const texts = await Promise.all(
    [...reads].map(async ([file, digest]) => {
      const text = await readFile(file).catch(() => undefined);
      return text !== undefined && hash(text) === digest ? ([file, text] as const) : undefined;
    }),
  );
  return texts.every((t) => t !== undefined) ? new Map(texts) : undefined;
}
