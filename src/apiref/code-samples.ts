import type {
  ApiCodeSample,
  ApiOperation,
  ApiParameter,
  ApiSecurityScheme,
  Json,
  SchemaNode,
} from '../../templates/shared/api-model.js';
import {
  isFileSchema,
  isMultipart,
  scalar,
  toCurl,
  toFetch,
  toPhp,
  toPython,
  type SampleRequest,
} from '../../templates/shared/code-sample-writers.js';

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
  let value: Json | undefined = media ? (example ? example.value : {}) : undefined;
  // A multipart body's file fields upload a file: the samples name one to pick, not the example's text.
  const files = isMultipart(media?.mediaType ?? '')
    ? (media?.schema?.properties ?? []).filter((p) => isFileSchema(p.schema)).map((p) => p.name)
    : [];
  if (files.length && value && typeof value === 'object' && !Array.isArray(value))
    for (const name of files) value = { ...value, [name]: `path/to/${name}` };
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
    ...(media && value !== undefined
      ? { body: { mediaType: sent ?? media.mediaType, value, ...(files.length ? { files } : {}) } }
      : {}),
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

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
