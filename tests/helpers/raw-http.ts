import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request with the request target exactly as given. fetch() and http.request normalise `..`,
 * so a traversal test needs a socket: what is written here is what the server parses (issue 8).
 */
export function rawRequest(url: string, target: string, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer to ${method} ${target} within 5 s`)));
    socket.on('connect', () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks))));
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split === -1 ? raw : raw.subarray(0, split)).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rawBody = split === -1 ? Buffer.alloc(0) : raw.subarray(split + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rawBody) : rawBody;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/** Joins the chunks of a chunked body (sizes are in bytes, so this works on the bytes). */
function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (eol === -1 || !Number.isFinite(size) || size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
