import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { codeHash } from '../code-hash.js';
import type { ApiContribution } from './contribution.js';
import { locateLink } from './description-links.js';
import { documentLocator, type ExactLocator } from './locate.js';

/** What an entry holds: the digest of every file the loader read, by path, and what it made of them. */
export interface ApiEntry {
  reads: Map<string, string>;
  contribution: ApiContribution;
}

/**
 * Entries kept, the most recently used first: a document edited gets a new entry under the same name (same options,
 * same code), so more than a few are only documents no longer built, or built from other folders (tests).
 */
const MAX_ENTRIES = 24;
const MAX_BYTES = 256 * 1024 * 1024;
/** A temporary file this old belongs to no running build: one stopped between writing and renaming it. */
const STALE_TMP_MS = 60 * 60 * 1000;
const DIGEST_BYTES = 20;

const sha1 = (data: string | Uint8Array): Buffer => createHash('sha1').update(data).digest();

/** One file per options and code; the files read are checked against the entry, so an edited document replaces it. */
const entryFile = async (dir: string, key: string): Promise<string> =>
  path.join(dir, `${sha1(`${await codeHash()}\0${key}`).toString('hex')}.api`);

/**
 * The entry of these options made by this code, when every file it read is unchanged (`current` reads them again and
 * gives their texts); undefined otherwise. A missing, truncated or corrupt entry is a miss, never an error: each
 * file starts with the SHA-1 of the rest, checked before it is deserialized.
 */
export async function readApiEntry(
  dir: string,
  key: string,
  current: (reads: ReadonlyMap<string, string>) => Promise<Map<string, string> | undefined>,
): Promise<ApiEntry | undefined> {
  try {
    const file = await entryFile(dir, key);
    const stored = decode(await fs.readFile(file));
    const texts = stored && (await current(stored.reads));
    if (!stored || !texts || !restoreLocators(stored.contribution, texts)) return undefined;
    // Used now: pruning removes the least recently used first.
    const now = new Date();
    await fs.utimes(file, now, now).catch(() => undefined);
    return stored;
  } catch {
    return undefined;
  }
}

/**
 * Writes the entry whole or not at all (a temporary file renamed), so a build running beside this one reads the old
 * entry or the new one, never part of either; then prunes the folder. Nothing here fails the build: an entry that
 * cannot be written is only a cache miss next time.
 */
export async function writeApiEntry(dir: string, key: string, entry: ApiEntry): Promise<void> {
  let tmp: string | undefined;
  try {
    const contribution = withoutLocators(entry.contribution);
    if (!contribution) return;
    const body = v8.serialize({ reads: entry.reads, contribution });
    const file = await entryFile(dir, key);
    await fs.mkdir(dir, { recursive: true });
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
    await prune(dir, file);
  } catch {
    // Not kept; the next build loads the document again.
  } finally {
    if (tmp) await fs.rm(tmp, { force: true }).catch(() => undefined);
  }
}

function decode(bytes: Buffer): ApiEntry | undefined {
  if (bytes.length <= DIGEST_BYTES) return undefined;
  const body = bytes.subarray(DIGEST_BYTES);
  if (!sha1(body).equals(bytes.subarray(0, DIGEST_BYTES))) return undefined;
  const value = v8.deserialize(body) as Partial<ApiEntry> | null;
  const c = value?.contribution;
  const readsOk =
    value?.reads instanceof Map && [...value.reads].every(([f, d]) => typeof f === 'string' && typeof d === 'string');
  if (!readsOk || !c || ![c.routes, c.sidebarItems, c.files, c.diagnostics].every(Array.isArray)) return undefined;
  return value as ApiEntry;
}

/**
 * The contribution as data: its only functions are the `locate` of links found in the document's descriptions,
 * which restoreLocators makes again from their pointer. Undefined when a link's `locate` could not be made again.
 */
function withoutLocators(contribution: ApiContribution): ApiContribution | undefined {
  if (contribution.routes.some((r) => r.links.some((l) => l.locate && l.pointer === undefined))) return undefined;
  const routes = contribution.routes.map((r) =>
    r.links.some((l) => l.locate) ? { ...r, links: r.links.map(({ locate: _, ...link }) => link) } : r,
  );
  return { ...contribution, routes };
}

/** Gives each link with a pointer its `locate` again, in the text of its route's document; false if that was not read. */
function restoreLocators(contribution: ApiContribution, texts: ReadonlyMap<string, string>): boolean {
  const locators = new Map<string, ExactLocator>();
  for (const route of contribution.routes) {
    for (const link of route.links) {
      if (link.pointer === undefined) continue;
      const file = route.file ?? '';
      let locate = locators.get(file);
      if (!locate) {
        const text = texts.get(file);
        if (text === undefined) return false;
        locate = documentLocator(text, file);
        locators.set(file, locate);
      }
      link.locate = locateLink(link.pointer, locate);
    }
  }
  return true;
}

/** Keeps the most recently used entries, MAX_ENTRIES and MAX_BYTES at most, and always `keep`. */
async function prune(dir: string, keep: string): Promise<void> {
  const names = await fs.readdir(dir);
  const found = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      return stat && { file, size: stat.size, mtime: stat.mtimeMs, tmp: name.endsWith('.tmp') };
    }),
  );
  const now = Date.now();
  const entries = found
    .filter((f) => f !== undefined)
    .filter((f) => f.tmp || f.file.endsWith('.api'))
    .sort((a, b) => b.mtime - a.mtime);
  let count = 0;
  let bytes = 0;
  const remove: string[] = [];
  for (const entry of entries) {
    if (entry.tmp) {
      if (now - entry.mtime > STALE_TMP_MS) remove.push(entry.file);
      continue;
    }
    if (entry.file !== keep && (count >= MAX_ENTRIES || bytes + entry.size > MAX_BYTES)) {
      remove.push(entry.file);
      continue;
    }
    count++;
    bytes += entry.size;
  }
  await Promise.all(remove.map((f) => fs.rm(f, { force: true }).catch(() => undefined)));
}
