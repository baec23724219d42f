import type {
  ApiCodeSample,
  ApiOperation,
  ApiParameter,
  ApiSecurityScheme,
  Json,
  SchemaNode,
} from '../../templates/shared/api-model.js';

/** The request a sample makes, computed once and written out in each language. */
export interface SampleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: { mediaType: string; value: Json } | undefined;
}

const FALLBACK_SERVER = 'https://api.example.com';
const LANGUAGES = [
  { lang: 'curl', label: 'cURL', aliases: ['curl', 'shell', 'bash', 'sh'] },
  { lang: 'javascript', label: 'JavaScript', aliases: ['javascript', 'js', 'node', 'node.js', 'fetch'] },
  { lang: 'python', label: 'Python', aliases: ['python', 'py', 'python3'] },
  { lang: 'php', label: 'PHP', aliases: ['php'] },
] as const;

/**
 * Code samples of an operation page (issue 5): cURL, JavaScript (fetch), Python (requests) and PHP (curl),
 * generated from the operation's first server, required parameters, auth and body example. A sample the
 * document gives in `x-codeSamples` replaces ours for its language; its other languages follow ours.
 */
export function buildCodeSamples(operation: ApiOperation, schemes: readonly ApiSecurityScheme[]): ApiCodeSample[] {
  const request = buildSampleRequest(operation, schemes);
  const generated: ApiCodeSample[] = [
    { lang: 'curl', label: 'cURL', source: toCurl(request) },
    { lang: 'javascript', label: 'JavaScript', source: toFetch(request) },
    { lang: 'python', label: 'Python', source: toPython(request) },
    { lang: 'php', label: 'PHP', source: toPhp(request) },
  ];
  const own = operation.codeSamples.map((s) => {
    const known = LANGUAGES.find((l) => (l.aliases as readonly string[]).includes(s.lang.toLowerCase()));
    return known ? { ...s, lang: known.lang } : s;
  });
  const replaced = generated.map((g) => own.find((s) => s.lang === g.lang) ?? g);
  return [...replaced, ...own.filter((s) => !generated.some((g) => g.lang === s.lang))];
}

/** Method, full URL, headers and body of the sample call. */
export function buildSampleRequest(operation: ApiOperation, schemes: readonly ApiSecurityScheme[]): SampleRequest {
  const server = operation.servers[0];
  let base = server
    ? server.variables.reduce((url, v) => url.replaceAll(`{${v.name}}`, v.default), server.url)
    : FALLBACK_SERVER;
  if (!/^https?:\/\//i.test(base)) base = `${FALLBACK_SERVER}${base.startsWith('/') ? '' : '/'}${base}`;
  // An optional Idempotency-Key is still shown: a sample that is copied should be safe to retry (issue 18).
  const params = operation.parameters.filter(
    (p) => p.required || p.in === 'path' || (p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
  );
  const pathPart = operation.path.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    return p ? encodeURIComponent(scalar(sampleValue(p))) : m;
  });
  const query = params.filter((p) => p.in === 'query').map((p) => [p.name, sampleValue(p)] as const);
  const headers: Array<[string, string]> = params
    .filter((p) => p.in === 'header')
    .map((p) => [p.name, scalar(sampleValue(p))]);
  const cookies = params.filter((p) => p.in === 'cookie').map((p) => `${p.name}=${scalar(sampleValue(p))}`);

  // The first alternative of the security requirements is the one the sample uses.
  for (const { scheme } of operation.security[0] ?? []) {
    const s = schemes.find((x) => x.key === scheme);
    if (!s) continue;
    if (s.type === 'http' && s.scheme?.toLowerCase() === 'basic')
      headers.push(['Authorization', `Basic ${s.example ?? '<base64 of username:password>'}`]);
    else if (s.type === 'http' || s.type === 'oauth2' || s.type === 'openIdConnect')
      headers.push([
        'Authorization',
        `${s.scheme && s.type === 'http' ? capitalise(s.scheme) : 'Bearer'} ${s.example ?? '<token>'}`,
      ]);
    else if (s.type === 'apiKey' && s.name && s.in === 'header') headers.push([s.name, s.example ?? '<api key>']);
    else if (s.type === 'apiKey' && s.name && s.in === 'query') query.push([s.name, s.example ?? '<api key>']);
    else if (s.type === 'apiKey' && s.name && s.in === 'cookie') cookies.push(`${s.name}=${s.example ?? '<api key>'}`);
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);

  const media = operation.requestBody?.content[0];
  const example = media?.examples[0];
  const value: Json | undefined = media ? (example ? example.value : {}) : undefined;
  const sent = media && value !== undefined ? concreteMediaType(media.mediaType, value) : undefined;
  if (sent) headers.push(['Content-Type', sent]);
  const search = query
    .flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, scalar(v)]) : [[name, scalar(value)]]))
    .map(([n, v]) => `${encodeURIComponent(n ?? '')}=${encodeURIComponent(v ?? '')}`)
    .join('&');
  return {
    method: operation.method,
    url: `${base.replace(/\/+$/, '')}${pathPart}${search ? `?${search}` : ''}`,
    headers,
    ...(media && value !== undefined ? { body: { mediaType: sent ?? media.mediaType, value } } : {}),
  };
}

/**
 * A request body declared as `*\/*` or `application/*` accepts anything, but a wildcard is not a valid
 * Content-Type to send: pick the type the example is written in, or send no header at all.
 */
export function concreteMediaType(mediaType: string, value: Json): string | undefined {
  const [type = '', subtype = ''] = (mediaType.split(';')[0] ?? '').trim().toLowerCase().split('/');
  if (!type.includes('*') && !subtype.includes('*')) return mediaType;
  const structured = value !== null && typeof value === 'object';
  if ((type === '*' || type === 'application') && structured) return 'application/json';
  if (type === 'text' || (type === '*' && typeof value === 'string')) return 'text/plain';
  if (type === 'application') return 'application/octet-stream';
  return undefined;
}

function sampleValue(p: ApiParameter): Json {
  if (p.example !== undefined) return p.example;
  return schemaSample(p.schema) ?? p.name;
}

function schemaSample(s: SchemaNode): Json | undefined {
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum?.[0] !== undefined) return s.enum[0];
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.type === 'boolean') return true;
  if (s.type === 'array' && s.items) {
    const item = schemaSample(s.items);
    return item === undefined ? [] : [item];
  }
  return undefined;
}

const scalar = (v: Json): string =>
  typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const isJson = (mediaType: string): boolean => /[/+]json\b/i.test(mediaType);
const isForm = (mediaType: string): boolean => /x-www-form-urlencoded/i.test(mediaType);
const isMultipart = (mediaType: string): boolean => /multipart\//i.test(mediaType);

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
      for (const [k, v] of formFields(r.body.value)) lines.push(`  --form ${shellQuote(`${k}=${v}`)}`);
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
        ...formFields(r.body.value).map(([k, v]) => `body.append(${JSON.stringify(k)}, ${JSON.stringify(v)});`),
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
          .map(([k, v]) => `        ${pyString(k)}: (None, ${pyString(v)}),`)
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
    else if (isMultipart(r.body.mediaType))
      opts.push(`    CURLOPT_POSTFIELDS => ${indent(toPhpValue(Object.fromEntries(formFields(r.body.value))), 4)},`);
    else if (isJson(r.body.mediaType) || typeof r.body.value !== 'string')
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
