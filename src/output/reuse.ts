import fs from 'node:fs';

/**
 * Writes one file of the new output. When the previous output holds a regular file with exactly these bytes at
 * the same place, that file is hard-linked instead. Why: removing the previous output after the swap frees the
 * blocks of every file it held, and where the file system discards freed blocks (the 2-core build machine's
 * ext4 is mounted with `discard`) that measured about a millisecond per file once the data had reached the disk:
 * seconds for a 1,000-page site. A file linked into the new output keeps its blocks, so removing its old name
 * is cheap, and its data is not written again. The bytes are compared before linking, so the new output is the
 * same as if written; the previous output stays as it was (a link only adds a name), and removing the temporary
 * folder after a failure removes only names.
 */
export function writeOrReuse(target: string, contents: string | Uint8Array, previous: string | undefined): void {
  const size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  if (previous !== undefined && reused(previous, target, size, (file) => holdsBytes(file, contents))) return;
  asNewFile(target, (flag) => fs.writeFileSync(target, contents, { flag }));
}

/**
 * Links `previous` at `target` and keeps the link when `same(target)`. The bytes are compared on the new name,
 * after linking, not on the previous one before: another build of the same output folder may swap its own output
 * in between (output/write.ts), and the previous name would then be another build's file, linked unchecked. A
 * previous file of another size is not linked at all: most changed files are told apart without a link.
 */
function reused(previous: string, target: string, size: number, same: (file: string) => boolean): boolean {
  if (sizeOf(previous) !== size || !linked(previous, target)) return false;
  if (same(target)) return true;
  fs.unlinkSync(target);
  return false;
}

/**
 * Creates `target` with `create` (given the exclusive-create flag), replacing a name already there instead of
 * writing through it: that name may be a link into the previous output (a static file, or an earlier entry for
 * the same path, that was reused), which must never change before the swap.
 */
function asNewFile(target: string, create: (flag: string) => void): void {
  try {
    create('wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    fs.unlinkSync(target);
    create('wx');
  }
}

/**
 * True when `file` is a regular file (not a link) whose bytes are `contents` (UTF-8 for a string). Anything
 * unreadable (missing, a file where a folder was, no permission) is simply not the same.
 */
export function holdsBytes(file: string, contents: string | Uint8Array): boolean {
  try {
    const stats = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) return false;
    // The size first: it rules out most changed files without reading them.
    if (stats.size !== (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength)) return false;
    return fs.readFileSync(file).equals(typeof contents === 'string' ? Buffer.from(contents) : contents);
  } catch {
    return false;
  }
}

/** The size of a regular file (not a link); undefined for anything else or anything unreadable. */
function sizeOf(file: string): number | undefined {
  try {
    const stats = fs.lstatSync(file, { throwIfNoEntry: false });
    return stats?.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

/** Links `existing` at `target`; false when that is not possible (another file system, a file already there). */
function linked(existing: string, target: string): boolean {
  try {
    fs.linkSync(existing, target);
    return true;
  } catch {
    return false;
  }
}

/** Copies one static file, or links the previous output's copy of it when that is unchanged (see writeOrReuse). */
export function copyOrReuse(src: string, dest: string, previous: string | undefined): void {
  const size = sizeOf(src);
  if (
    previous !== undefined &&
    size !== undefined &&
    reused(previous, dest, size, (file) => sameFileContents(src, file))
  )
    return;
  asNewFile(dest, () => fs.copyFileSync(src, dest, fs.constants.COPYFILE_EXCL));
}

/** True when both are readable regular files with the same bytes. */
export function sameFileContents(a: string, b: string): boolean {
  try {
    const sa = fs.lstatSync(a, { throwIfNoEntry: false });
    const sb = fs.lstatSync(b, { throwIfNoEntry: false });
    if (!sa?.isFile() || !sb?.isFile() || sa.size !== sb.size) return false;
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}
