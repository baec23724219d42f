/** Sending the console's request with fetch (issue 19), and saying in plain words why it failed when it does. */
import type { ApiOperation } from '../../shared/api-model.ts';
import type { ConsoleRequest } from './check-request.ts';
import type { ConsoleResponse } from './mock.ts';

/** The URL the request goes to: the server, the path with its parameters filled in, the query. */
export function requestUrl(server: string, op: ApiOperation, req: ConsoleRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    req.path[name] !== undefined && req.path[name] !== '' ? encodeURIComponent(req.path[name]) : whole,
  );
  const query = new URLSearchParams(Object.entries(req.query).filter(([, v]) => v !== '')).toString();
  return `${server.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

export function requestHeaders(req: ConsoleRequest): Array<[string, string]> {
  const headers: Array<[string, string]> = Object.entries(req.headers).filter(([, v]) => v !== '');
  if (req.body !== undefined && req.body.trim() !== '') headers.push(['Content-Type', 'application/json']);
  if (req.credential?.trim()) headers.push(['Authorization', `Bearer ${req.credential.trim()}`]);
  return headers;
}

export async function sendRequest(
  server: string,
  op: ApiOperation,
  req: ConsoleRequest,
  signal?: AbortSignal,
): Promise<ConsoleResponse> {
  const hasBody = req.body !== undefined && req.body.trim() !== '' && op.method !== 'GET' && op.method !== 'HEAD';
  const response = await fetch(requestUrl(server, op, req), {
    method: op.method,
    headers: requestHeaders(req),
    ...(hasBody && req.body !== undefined ? { body: req.body } : {}),
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
