import { createHash } from 'node:crypto';
import path from 'node:path';
import { codeHash } from '../code-hash.js';
import { readEntry, writeEntry } from '../disk-entry.js';
import type { BodyCache } from './body-cache.js';

/**
 * The rendered bodies of a site's last `portal build`, kept on disk (.portal/cache/bodies) like `serve` keeps them in
 * memory (body-cache.ts): a build of unchanged pages renders none again (0.9 s of a warm build of the portal). Each
 * body is found by the key body-cache.ts makes of everything it is made from, the server bundle's code included;
 * the file's own name adds this code (code-hash.ts: the portal's code, React's version through package-lock.json,
 * Node's version), so bodies of other code are never read.
 */
export interface DiskBodyCache extends BodyCache {
  file: string;
  /** The keys read, to tell whether the render changed anything worth writing. */
  loaded: ReadonlySet<string>;
}

const LIMITS = { entries: 8, bytes: 512 * 1024 * 1024 };

/** One file per site folder and locale: a site's next build replaces its last one's bodies. */
export async function loadBodyCache(dir: string, siteDir: string, locale: string | undefined): Promise<DiskBodyCache> {
  const name = createHash('sha1')
    .update(`${await codeHash()}\0${siteDir}\0${locale ?? ''}`)
    .digest('hex');
  const file = path.join(dir, `${name}.bodies`);
  const stored = await readEntry(file);
  const entries: BodyCache['entries'] = new Map();
  if (stored instanceof Map)
    for (const [key, { html, ids }] of stored as Map<string, StoredBody>)
      entries.set(key, { html: html.toString(), ids });
  return { file, entries, loaded: new Set(entries.keys()) };
}

/**
 * A body as kept: its HTML as UTF-8 bytes, half the size of most pages' HTML as V8 writes strings (two bytes per
 * character once a page holds one outside Latin-1), so reading the file back takes half the time.
 */
interface StoredBody {
  html: Buffer;
  ids: string[];
}

/** Writes the bodies of this build, unless they are the ones read. */
export async function saveBodyCache(cache: DiskBodyCache): Promise<void> {
  const same = cache.entries.size === cache.loaded.size && [...cache.entries.keys()].every((k) => cache.loaded.has(k));
  if (same) return;
  const stored = new Map<string, StoredBody>();
  for (const [key, { html, ids }] of cache.entries) stored.set(key, { html: Buffer.from(html), ids });
  await writeEntry(cache.file, stored, LIMITS);
}
