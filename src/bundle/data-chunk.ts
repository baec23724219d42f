import { createHash } from 'node:crypto';
import type { PageData } from '../../templates/shared/types.js';
import type { RouteAssets } from './client.js';
import { utf8Concat } from '../output/utf8.js';

/**
 * The chunk of a route with no body of its own (route-modules.ts `dataRoute`): its page data, as a string for
 * `JSON.parse`, plus the code of the template module it shares with its siblings (a few imports of shared chunks),
 * or an import of that module. Written here rather than by esbuild, which would parse, split and print 70 KB of
 * JSON per API operation for a module whose code is two imports. The exports are those of a bundled route
 * module: `page` (sidebar included) and `Template`.
 */
export function dataChunk(
  options: DataChunkRecipe & {
    page: PageData;
    /**
     * The first-visit variant (first-visit-data.ts): `page` has markers for what the HTML holds, `count` marked
     * elements are expected, and `fullChunk` (a file beside it) is loaded instead when the document differs.
     */
    firstVisit?: { count: number; fullChunk: string } | undefined;
    /** The page data already serialised, without its sidebar (the first-visit variant's, with its markers). */
    json?: string | undefined;
  },
): { file: string; contents: Uint8Array; inlined: boolean } {
  const { page, sidebar, firstVisit } = options;
  const serialised = options.json ?? JSON.stringify(withoutSidebar(page));
  const inline = options.templateCode === undefined ? undefined : exportedNames(options.templateCode, sidebar);
  // The first visit makes its data whole from the document, or else loads the full chunk (templates/api/adopt.ts).
  const pageExpression = (names: { sidebar?: string | undefined; adopt?: string | undefined }): [string, string] =>
    firstVisit && names.adopt
      ? [
          `${names.adopt}(`,
          `,${firstVisit.count}${sidebar ? `,${names.sidebar}` : ''})??(await import(${JSON.stringify(`./${firstVisit.fullChunk}`)})).page`,
        ]
      : sidebar
        ? ['Object.assign(', `,{sidebar:${names.sidebar}})`]
        : ['', ''];
  // Taken in, the template module's few lines save the page a request (issue 17: at most 10 files per page).
  const taken = inline && (!firstVisit || inline.adopt) ? inline : undefined;
  // The code before and after the page data's `JSON.parse(…)`: the data, 70 KB per API operation, is encoded as it
  // is, never joined into one more large string with the code around it (output/utf8.ts).
  const [before, after] = pageExpression(taken ?? { sidebar: 's', adopt: 'a' });
  const head = taken
    ? `${taken.code}const ${PAGE}=${before}`
    : `import{Template as t${sidebar ? ',sidebar as s' : ''}${firstVisit ? ',adoptFromDocument as a' : ''}}from${JSON.stringify(`./${options.templateFile}`)};` +
      `export const page=${before}`;
  const tail = taken
    ? `${after};export{${taken.template} as Template,${PAGE} as page};\n`
    : `${after};export{t as Template};\n`;
  // Encoded once, here: the bytes are both hashed for the name and written.
  const contents = utf8Concat([head, ...jsonParseParts(serialised), tail]);
  const name = firstVisit ? `${options.name}.first` : options.name;
  return { file: `${name}-${contentHash(contents)}.js`, contents, inlined: taken !== undefined };
}

/** The page data as a data chunk holds it: the sidebar comes from the template module. */
export const withoutSidebar = (page: PageData): object => {
  const { sidebar: _fromImport, ...data } = page as PageData & { sidebar?: unknown };
  return data;
};

/** What a data chunk imports, to preload with it: its template module's chunk unless its code was taken in. */
export const dataChunkImports = (inlined: boolean, template: RouteAssets): string[] =>
  inlined ? template.imports : [template.chunk, ...template.imports];

/** What makes a data route's chunk besides its page data: kept by the client build for the first-visit variant. */
export interface DataChunkRecipe {
  name: string;
  /** The template module's file name, beside the chunk; imported when its code could not be taken in. */
  templateFile: string;
  /** Its code as esbuild wrote it: taken into the chunk when it ends in the usual export clause. */
  templateCode?: string | undefined;
  sidebar: boolean;
}

/** Template modules up to this size are taken into each chunk; the portal's are about 300 bytes. */
const MAX_INLINED = 2048;

/** The page data's name in a chunk that takes in its template's code: none that a minifier makes. */
const PAGE = '__portalPage';

/**
 * The template module's code without its closing `export{x as Template,y as sidebar};`, and the local names of
 * those two; undefined when the code does not end that way, or already uses PAGE.
 */
export function exportedNames(
  code: string,
  sidebar: boolean,
): { code: string; template: string; sidebar?: string; adopt?: string } | undefined {
  // Only a module of imports and a re-export: one that holds data itself (a sidebar no other module imports ends
  // up inside it) would be copied into every chunk.
  if (code.length > MAX_INLINED) return undefined;
  const match = /export\{([\w$, ]+)\};?\s*$/.exec(code);
  if (!match || code.includes(PAGE)) return undefined;
  const locals = new Map<string, string>();
  for (const clause of (match[1] as string).split(',')) {
    const [local, exported = local] = clause.trim().split(/\s+as\s+/);
    if (local && exported) locals.set(exported, local);
  }
  const template = locals.get('Template');
  const sidebarLocal = locals.get('sidebar');
  if (!template || (sidebar && !sidebarLocal)) return undefined;
  const adopt = locals.get('adoptFromDocument');
  return {
    code: code.slice(0, match.index),
    template,
    ...(sidebar && sidebarLocal ? { sidebar: sidebarLocal } : {}),
    ...(adopt ? { adopt } : {}),
  };
}

/**
 * JSON text as the JS expression `JSON.parse(String.raw\`…\`)`, in parts: the text (70 KB per API operation) apart
 * from the code around it, so the caller encodes it without joining them (output/utf8.ts). A raw template literal,
 * in which a backslash is just a backslash, so the text goes in as it is. Only a backtick or `${` could end or break
 * the literal, and JSON has them only inside strings, where `\u0060` and `$\u007b` mean the same. Escaping the text
 * as a quoted string instead cost a millisecond per API operation (thousands of `\` and quotes in its HTML
 * descriptions).
 */
export function jsonParseParts(json: string): [string, string, string] {
  let text = json;
  if (text.includes('`')) text = text.replaceAll('`', '\\u0060');
  if (text.includes('${')) text = text.replaceAll('${', '$\\u007b');
  return ['JSON.parse(String.raw`', text, '`)'];
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Eight base-32 characters of the content's SHA-256, the shape of esbuild's own hashes in chunk names. */
export function contentHash(contents: Uint8Array): string {
  const bytes = createHash('sha256').update(contents).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 8) break;
  }
  return out;
}
