import fsp from 'node:fs/promises';
import path from 'node:path';

/** One entry of site/static: a file, or a symbolic link the output keeps as a link. */
export interface StaticEntry {
  /** Path under the static folder, `/`-separated. */
  rel: string;
  link: boolean;
}

/** site/static as the build sees it, read once: the writer copies `entries`, the link check and locales use `paths`. */
export interface StaticFiles {
  dir: string;
  entries: StaticEntry[];
  /** Every file a reader can request, as `/rel` (files inside a linked folder included). */
  paths: Set<string>;
}

/**
 * Reads the static folder once per build. Names starting with a dot are left out (they are not published);
 * a missing folder is an empty one.
 */
export async function scanStatic(dir: string): Promise<StaticFiles> {
  const entries: StaticEntry[] = [];
  const paths = new Set<string>();
  const walk = async (abs: string, rel: string, viaLink: boolean): Promise<void> => {
    const children = await fsp.readdir(abs, { withFileTypes: true }).catch(() => []);
    for (const child of children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (child.name.startsWith('.')) continue;
      const childAbs = path.join(abs, child.name);
      const childRel = rel ? `${rel}/${child.name}` : child.name;
      if (child.isDirectory()) await walk(childAbs, childRel, viaLink);
      else if (child.isSymbolicLink()) {
        if (!viaLink) entries.push({ rel: childRel, link: true });
        // A linked folder's files are served through the link: links to them are not broken.
        const target = await fsp.stat(childAbs).catch(() => undefined);
        if (target?.isDirectory()) await walk(childAbs, childRel, true);
        else if (target) paths.add(`/${childRel}`);
      } else if (child.isFile()) {
        if (!viaLink) entries.push({ rel: childRel, link: false });
        paths.add(`/${childRel}`);
      }
    }
  };
  await walk(dir, '', false);
  return { dir, entries, paths };
}
