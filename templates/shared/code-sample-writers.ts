/**
 * The code samples' writers (issue 5): one request written as cURL, JavaScript (fetch), Python (requests) and
 * PHP (curl). Shared by the build, which writes each operation's samples into its page (src/apiref/code-samples.ts),
 * and the request console, which rewrites them as the reader fills in the request (issue 19).
 */
import type { Json, SchemaNode } from './api-model.ts';

/** The request a sample makes, computed once and written out in each language. */
export interface SampleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** `files`: the multipart fields that upload a file, whose value is the file's name. */
  body?: { mediaType: string; value: Json; files?: string[] } | undefined;
}

const isFileField = (r: SampleRequest, name: string): boolean => r.body?.files?.includes(name) === true;

/** A field that uploads a file in a multipart body: a string of `format: binary` or `base64`. */
export const isFileSchema = (schema: SchemaNode): boolean =>
  schema.type.split(' | ').includes('string') && /^(binary|base64)$/.test(schema.format ?? '');

export const scalar = (v: Json): string =>
  typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
/** Media types by how a body is written: JSON (`application/json`, `…+json`), a URL-encoded form, multipart. */
export const isJson = (mediaType: string): boolean => /[/+]json\b/i.test(mediaType);
export const isForm = (mediaType: string): boolean => /x-www-form-urlencoded/i.test(mediaType);
export const isMultipart = (mediaType: string): boolean => /multipart\//i.test(mediaType);

/** Flat `name=value` fields of a form body: nested values are sent as JSON text. */
const formFields = (value: Json): Array<[string, string]> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).map(([k, v]) => [k, scalar(v)])
    : [];

/** POSIX shell single quotes: nothing inside is special except the quote itself. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function toCurl(r: SampleRequest): string {
  const lines = [`curl --request ${r.method}`, `  --url ${shellQuote(r.url)}`];
  for (const [name, value] of r.headers) {
    if (r.body && isMultipart(r.body.mediaType) && name === 'Content-Type') continue; // curl sets the boundary
    lines.push(`  --header ${shellQuote(`${name}: ${value}`)}`);
  }
  if (r.body) {
    if (isForm(r.body.mediaType))
      for (const [k, v] of formFields(r.body.value)) lines.push(`  --data-urlencode ${shellQuote(`${k}=${v}`)}`);
    else if (isMultipart(r.body.mediaType))
      for (const [k, v] of formFields(r.body.value))
        lines.push(`  --form ${shellQuote(`${k}=${isFileField(r, k) ? '@' : ''}${v}`)}`);
    else
      lines.push(
        `  --data ${shellQuote(typeof r.body.value === 'string' && !isJson(r.body.mediaType) ? r.body.value : JSON.stringify(r.body.value, null, 2))}`,
      );
  }
  return lines.join(' \\\n');
}

export function toFetch(r: SampleRequest): string {
  const headers = r.headers.filter(([n]) => !(r.body && isMultipart(r.body.mediaType) && n === 'Content-Type'));
  const options: string[] = [`  method: ${JSON.stringify(r.method)},`];
  if (headers.length > 0)
    options.push(
      `  headers: {\n${headers.map(([n, v]) => `    ${JSON.stringify(n)}: ${JSON.stringify(v)},`).join('\n')}\n  },`,
    );
  const pre: string[] = [];
  if (r.body) {
    if (isForm(r.body.mediaType))
      options.push(
        `  body: new URLSearchParams(${indent(JSON.stringify(Object.fromEntries(formFields(r.body.value)), null, 2), 2)}),`,
      );
    else if (isMultipart(r.body.mediaType)) {
      pre.push(
        'const body = new FormData();',
        ...formFields(r.body.value).map(([k, v]) =>
          isFileField(r, k)
            ? `body.append(${JSON.stringify(k)}, new Blob([/* the bytes of ${v.replace(/\*\//g, '* /')} */]), ${JSON.stringify(v)});`
            : `body.append(${JSON.stringify(k)}, ${JSON.stringify(v)});`,
        ),
        '',
      );
      options.push('  body,');
    } else if (isJson(r.body.mediaType) || typeof r.body.value !== 'string')
      options.push(`  body: JSON.stringify(${indent(JSON.stringify(r.body.value, null, 2), 2)}),`);
    else options.push(`  body: ${JSON.stringify(r.body.value)},`);
  }
  return [
    ...pre,
    `const response = await fetch(${JSON.stringify(r.url)}, {`,
    ...options,
    '});',
    '',
    'const data = await response.json();',
    'console.log(data);',
  ].join('\n');
}

export function toPython(r: SampleRequest): string {
  const args = [`    ${pyString(r.url)},`];
  const headers = r.headers.filter(
    ([n]) =>
      !(
        r.body &&
        (isJson(r.body.mediaType) || isMultipart(r.body.mediaType) || isForm(r.body.mediaType)) &&
        n === 'Content-Type'
      ),
  );
  if (headers.length > 0)
    args.push(
      `    headers={\n${headers.map(([n, v]) => `        ${pyString(n)}: ${pyString(v)},`).join('\n')}\n    },`,
    );
  if (r.body) {
    if (isForm(r.body.mediaType))
      args.push(`    data=${indent(toPy(Object.fromEntries(formFields(r.body.value))), 4)},`);
    else if (isMultipart(r.body.mediaType))
      args.push(
        `    files={\n${formFields(r.body.value)
          .map(([k, v]) =>
            isFileField(r, k)
              ? `        ${pyString(k)}: open(${pyString(v)}, "rb"),`
              : `        ${pyString(k)}: (None, ${pyString(v)}),`,
          )
          .join('\n')}\n    },`,
      );
    else if (isJson(r.body.mediaType) || typeof r.body.value !== 'string')
      args.push(`    json=${indent(toPy(r.body.value), 4)},`);
    else args.push(`    data=${pyString(r.body.value)},`);
  }
  return [
    'import requests',
    '',
    `response = requests.request(`,
    `    ${pyString(r.method)},`,
    ...args,
    ')',
    '',
    'print(response.json())',
  ].join('\n');
}

export function toPhp(r: SampleRequest): string {
  const headers = r.headers.filter(([n]) => !(r.body && isMultipart(r.body.mediaType) && n === 'Content-Type'));
  const opts = [`    CURLOPT_CUSTOMREQUEST => ${phpString(r.method)},`, '    CURLOPT_RETURNTRANSFER => true,'];
  if (headers.length > 0)
    opts.push(
      `    CURLOPT_HTTPHEADER => [\n${headers.map(([n, v]) => `        ${phpString(`${n}: ${v}`)},`).join('\n')}\n    ],`,
    );
  if (r.body) {
    if (isForm(r.body.mediaType))
      opts.push(
        `    CURLOPT_POSTFIELDS => http_build_query(${indent(toPhpValue(Object.fromEntries(formFields(r.body.value))), 4)}),`,
      );
    else if (isMultipart(r.body.mediaType)) {
      const fields = formFields(r.body.value).map(([k, v]) =>
        isFileField(r, k)
          ? `        ${phpString(k)} => new CURLFile(${phpString(v)}),`
          : `        ${phpString(k)} => ${phpString(v)},`,
      );
      opts.push(`    CURLOPT_POSTFIELDS => ${fields.length ? `[\n${fields.join('\n')}\n    ]` : '[]'},`);
    } else if (isJson(r.body.mediaType) || typeof r.body.value !== 'string')
      opts.push(`    CURLOPT_POSTFIELDS => json_encode(${indent(toPhpValue(r.body.value), 4)}),`);
    else opts.push(`    CURLOPT_POSTFIELDS => ${phpString(r.body.value)},`);
  }
  return [
    '<?php',
    '',
    `$ch = curl_init(${phpString(r.url)});`,
    'curl_setopt_array($ch, [',
    ...opts,
    ']);',
    '',
    '$response = curl_exec($ch);',
    'curl_close($ch);',
    '',
    'echo $response;',
  ].join('\n');
}

const indent = (text: string, spaces: number): string => text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
/** JSON strings are valid Python string literals (same escapes, `\uXXXX` included). */
const pyString = (s: string): string => JSON.stringify(s);

/** A JSON value as a Python literal: True/False/None, dicts and lists. */
export function toPy(value: Json, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const end = '    '.repeat(level);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : `[\n${value.map((v) => `${pad}${toPy(v, level + 1)},`).join('\n')}\n${end}]`;
  const keys = Object.entries(value);
  return keys.length === 0
    ? '{}'
    : `{\n${keys.map(([k, v]) => `${pad}${pyString(k)}: ${toPy(v, level + 1)},`).join('\n')}\n${end}}`;
}

/** PHP single-quoted string: only `\\` and `\'` are escapes. */
const phpString = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A JSON value as a PHP literal; an empty object stays an object under json_encode. */
export function toPhpValue(value: Json, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const end = '    '.repeat(level);
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return phpString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (Array.isArray(value))
    return value.length === 0
      ? '[]'
      : `[\n${value.map((v) => `${pad}${toPhpValue(v, level + 1)},`).join('\n')}\n${end}]`;
  const keys = Object.entries(value);
  return keys.length === 0
    ? '(object) []'
    : `[\n${keys.map(([k, v]) => `${pad}${phpString(k)} => ${toPhpValue(v, level + 1)},`).join('\n')}\n${end}]`;
}
