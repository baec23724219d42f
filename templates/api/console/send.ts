/** Sending the console's request with fetch (issue 19), and saying in plain words why it failed when it does. */
import type { ApiOperation } from '../../shared/api-model.ts';
import type { ConsoleRequest } from './check-request.ts';
import { placeCredentials } from './credentials.ts';
import { consoleBody, formFields, isFile, type FormValue } from './request-body.ts';
import type { ConsoleResponse } from './mock.ts';

/** The URL the request goes to: the server, the path with its parameters filled in, the query and API keys. */
export function requestUrl(server: string, op: ApiOperation, req: ConsoleRequest, placeholders = false): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    req.path[name] !== undefined && req.path[name] !== '' ? encodeURIComponent(req.path[name]) : whole,
  );
  const query = new URLSearchParams([
    ...Object.entries(req.query).filter(([, v]) => v !== ''),
    ...placeCredentials(req.credentials ?? [], placeholders).query,
  ]).toString();
  return `${server.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

/**
 * The headers as the request sends them. `Cookie` only with `placeholders` (the code samples): a page cannot set
 * cookies on a request to another site, the browser sends its own (see sendRequest).
 */
export function requestHeaders(op: ApiOperation, req: ConsoleRequest, placeholders = false): Array<[string, string]> {
  const headers: Array<[string, string]> = Object.entries(req.headers).filter(([, v]) => v !== '');
  const body = consoleBody(op);
  if (body && hasBody(op, req)) {
    // A form's and a multipart body's type (with its boundary) is fetch's to set; the samples name it.
    if (body.kind === 'json') headers.push(['Content-Type', 'application/json']);
    else if (body.kind === 'text' || placeholders) headers.push(['Content-Type', body.media.mediaType]);
  }
  const placed = placeCredentials(req.credentials ?? [], placeholders);
  headers.push(...placed.headers);
  if (placeholders) {
    const cookies = [...Object.entries(req.cookies ?? {}).filter(([, v]) => v !== ''), ...placed.cookies];
    if (cookies.length) headers.push(['Cookie', cookies.map(([k, v]) => `${k}=${v}`).join('; ')]);
  }
  return headers;
}

/** Whether the reader filled in a body to send. */
export function hasBody(op: ApiOperation, req: ConsoleRequest): boolean {
  const body = consoleBody(op);
  if (!body) return false;
  if (body.kind === 'form' || body.kind === 'multipart') return Object.values(req.form ?? {}).some((v) => v !== '');
  return req.body !== undefined && req.body.trim() !== '';
}

/** The body as fetch sends it: the text, URL-encoded fields, or form data with the chosen files. */
function fetchBody(op: ApiOperation, req: ConsoleRequest): BodyInit | undefined {
  const body = consoleBody(op);
  if (!body || !hasBody(op, req) || op.method === 'GET' || op.method === 'HEAD') return undefined;
  if (body.kind === 'json' || body.kind === 'text') return req.body;
  const values = req.form ?? {};
  const fields = formFields(body.media).filter((p) => values[p.name] !== undefined && values[p.name] !== '');
  if (body.kind === 'form') return new URLSearchParams(fields.map((p) => [p.name, String(values[p.name])]));
  const data = new FormData();
  for (const p of fields) {
    const v = values[p.name] as FormValue;
    if (isFile(v)) data.append(p.name, v.blob ?? new Blob([]), v.name);
    else data.append(p.name, v);
  }
  return data;
}

/** Whether the operation reads cookies (a parameter or an API key), which only the browser's own can supply. */
export const usesCookies = (op: ApiOperation, req: ConsoleRequest): boolean =>
  op.parameters.some((p) => p.in === 'cookie') || (req.credentials ?? []).some((c) => c.slot.in === 'cookie');

export async function sendRequest(
  server: string,
  op: ApiOperation,
  req: ConsoleRequest,
  signal?: AbortSignal,
): Promise<ConsoleResponse> {
  const body = fetchBody(op, req);
  const response = await fetch(requestUrl(server, op, req), {
    method: op.method,
    headers: requestHeaders(op, req),
    ...(body !== undefined ? { body } : {}),
    // Cookies the browser holds for that server go along only when the operation reads some.
    ...(usesCookies(op, req) ? { credentials: 'include' as const } : {}),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: prettyBody(text, response.headers.get('content-type') ?? ''),
  };
}

export function prettyBody(text: string, contentType: string): string {
  if (!/json/i.test(contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * fetch says only "Failed to fetch" for a blocked cross-origin request, a server that is down and a bad
 * address alike: the reader gets what it most likely means and what to do.
 */
export function explainFailure(url: string, origin: string): string {
  let target = url;
  try {
    target = new URL(url).origin;
  } catch {
    return `The address ${url} is not a valid URL.`;
  }
  return [
    `The browser could not get an answer from ${target}.`,
    `Most often this is CORS (cross-origin resource sharing): a page may only read answers from another site when that site allows it. The server must answer with an Access-Control-Allow-Origin header naming this portal's origin, ${origin} (and allow the Authorization and Content-Type headers), or the browser withholds the answer.`,
    'It can also mean the server is down, unreachable from your network, or its certificate is not trusted. The Mock server answers from the documentation itself, with no network.',
  ].join('\n\n');
}
