import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ApiContribution } from './contribution.js';
import type { LoadApiOptions } from './load.js';

/**
 * The API reference of the last build, kept by `portal serve` between rebuilds: reading, validating and
 * dereferencing the document is the longest stage of a rebuild after a doc edit, and it depends only on the
 * files the document is made of and on the options. An entry is reused while every file it read still has the
 * same bytes, and the options are the same; anything else builds it again.
 */
export interface ApiCache {
  entries: Map<string, { reads: Map<string, string>; contribution: ApiContribution }>;
}

export const createApiCache = (): ApiCache => ({ entries: new Map() });

const hash = (text: string): string => createHash('sha1').update(text).digest('hex');

export async function loadApiCached(
  cache: ApiCache,
  options: LoadApiOptions,
  load: (options: LoadApiOptions) => Promise<ApiContribution>,
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
  if (known && (await unchanged(known.reads, readFile))) return known.contribution;

  const reads = new Map<string, string>();
  const recording = async (file: string): Promise<string> => {
    const text = await readFile(file);
    reads.set(file, hash(text));
    return text;
  };
  const contribution = await load({ ...options, readFile: recording });
  // A document with errors is not kept: the next build reports them again, or finds them fixed.
  if (contribution.diagnostics.some((d) => d.severity === 'error')) cache.entries.delete(key);
  else cache.entries.set(key, { reads, contribution });
  return contribution;
}

async function unchanged(
  reads: ReadonlyMap<string, string>,
  readFile: (file: string) => Promise<string>,
): Promise<boolean> {
  const same = await Promise.all(
    [...reads].map(async ([file, digest]) => {
      const text = await readFile(file).catch(() => undefined);
      return text !== undefined && hash(text) === digest;
    }),
  );
  return same.every(Boolean);
}
