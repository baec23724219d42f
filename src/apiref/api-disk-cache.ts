import { createHash } from 'node:crypto';
import path from 'node:path';
import { codeHash } from '../code-hash.js';
import { readEntry, writeEntry } from '../disk-entry.js';
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
const LIMITS = { entries: 24, bytes: 256 * 1024 * 1024 };

/** One file per options and code; the files read are checked against the entry, so an edited document replaces it. */
const entryFile = async (dir: string, key: string): Promise<string> =>
  path.join(
    dir,
    `${createHash('sha1')
      .update(`${await codeHash()}\0${key}`)
      .digest('hex')}.api`,
  );

/**
 * The entry of these options made by this code, when every file it read is unchanged (`current` reads them again and
 * gives their texts); undefined otherwise. A missing, truncated or corrupt entry is a miss, never an error
 * (src/disk-entry.ts checks each file's digest before it is deserialized).
 */
export async function readApiEntry(
  dir: string,
  key: string,
  current: (reads: ReadonlyMap<string, string>) => Promise<Map<string, string> | undefined>,
): Promise<ApiEntry | undefined> {
  try {
    const stored = asApiEntry(await readEntry(await entryFile(dir, key)));
    const texts = stored && (await current(stored.reads));
    if (!stored || !texts || !restoreLocators(stored.contribution, texts)) return undefined;
    return stored;
  } catch {
    return undefined;
  }
}

/**
 * Writes the entry whole or not at all, so a build running beside this one reads the old entry or the new one, then
 * prunes the folder (src/disk-entry.ts). Nothing here fails the build: an entry that cannot be written is only a
 * cache miss next time.
 */
export async function writeApiEntry(dir: string, key: string, entry: ApiEntry): Promise<void> {
  const contribution = withoutLocators(entry.contribution);
  if (!contribution) return;
  await writeEntry(await entryFile(dir, key), { reads: entry.reads, contribution }, LIMITS);
}

/** The value read as an entry of this cache, or undefined when it does not have that shape. */
function asApiEntry(stored: unknown): ApiEntry | undefined {
  const value = stored as Partial<ApiEntry> | null | undefined;
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
