import { createHash } from 'node:crypto';
import type { PageData } from '../../templates/shared/types.js';

/**
 * The chunk of a route with no body of its own (route-modules.ts `dataRoute`): its page data, as a string for
 * `JSON.parse`, plus the template module it shares with its siblings. Written here rather than by esbuild, which
 * would parse, split and print 70 KB of JSON per API operation for a module whose code is two imports.
 * The exports are those of a bundled route module: `page` (sidebar included) and `Template`.
 */
export function dataChunk(options: { name: string; page: PageData; templateFile: string; sidebar: boolean }): {
  file: string;
  contents: string;
} {
  const { page, sidebar } = options;
  const { sidebar: _fromImport, ...data } = page as PageData & { sidebar?: unknown };
  const json = `JSON.parse(${rawJsonLiteral(JSON.stringify(data))})`;
  const contents =
    `import{Template as t${sidebar ? ',sidebar as s' : ''}}from${JSON.stringify(`./${options.templateFile}`)};` +
    `export const page=${sidebar ? `Object.assign(${json},{sidebar:s})` : json};export{t as Template};\n`;
  return { file: `${options.name}-${contentHash(contents)}.js`, contents };
}

/**
 * JSON text as a JS expression for `JSON.parse`: a raw template literal, in which a backslash is just a
 * backslash, so the text goes in as it is. Only a backtick or `${` could end or break the literal, and JSON has
 * them only inside strings, where `\u0060` and `$\u007b` mean the same. Escaping the text as a quoted string
 * instead cost a millisecond per API operation (thousands of `\` and quotes in its HTML descriptions).
 */
export function rawJsonLiteral(json: string): string {
  let text = json;
  if (text.includes('`')) text = text.replaceAll('`', '\\u0060');
  if (text.includes('${')) text = text.replaceAll('${', '$\\u007b');
  return `String.raw\`${text}\``;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Eight base-32 characters of the content's SHA-256, the shape of esbuild's own hashes in chunk names. */
export function contentHash(contents: string): string {
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
