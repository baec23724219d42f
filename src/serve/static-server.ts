import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import type { SwapGate } from '../output/swap-gate.js';
import type { OutputFile } from '../output/write.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticServerOptions {
  root: string;
  /** URL path the site is served under; a function when it may change (serve: a config edit). */
  baseUrl?: string | (() => string);
  /** `serve`: requests wait for this before they are answered (the first build's config and pages). */
  ready?: () => Promise<void>;
  /** Extra routes (live reload) answered before files. Return true when handled. */
  intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  /** Rewrites HTML before sending (live-reload injection). */
  transformHtml?: (html: string) => string;
  /** `serve`: held while a request finds and opens its file, so a rebuild's swap never shows a missing site. */
  gate?: SwapGate;
  /**
   * `serve`: a page to answer with (503) when the output folder holds nothing to serve (the first build of a fresh
   * start failed), instead of a bare not-found; undefined while there is output.
   */
  unavailable?: () => string | undefined;
  /**
   * `serve`: files of a build still being made, by path under the base URL (`/_portal/…`), answered before the
   * output folder's: what an open page loads to take the build early.
   */
  pending?: ((inBase: string) => Promise<OutputFile | undefined>) | undefined;
}

/** The files a request path may name, in the order tried: itself, its folder's index.html, itself with .html. */
export function fileSpellings(urlPath: string): string[] {
  const bare = urlPath.replace(/\/$/, '');
  return [urlPath, `${bare}/index.html`, `${bare}.html`];
}

/**
 * The output paths (relative, `docs/intro/index.html`) a request path under the base URL may name, decoded, in
 * fileSpellings' order; none for a path that does not decode. For what `serve` holds in memory (pending-build.ts,
 * quick-site.ts): paths match exactly, nothing is resolved on disk.
 */
export function outputPaths(inBase: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(inBase);
  } catch {
    return [];
  }
  return fileSpellings(decoded).map((spelling) => spelling.replace(/^\/+/, ''));
}

/**
 * Resolves a request path to a file strictly inside `root`, or null. Refuses traversal in every spelling
 * (`../`, encoded or double-encoded dots, backslashes, NUL) and symlinks that leave the folder (issue 8).
 */
export async function resolveSafePath(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /%2e|%2f|%5c/i.test(decoded)) return null;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  // No output folder yet (a fresh start whose first build failed): nothing is there to find.
  const realRoot: string | undefined = await fsp.realpath(root).catch(() => undefined);
  if (realRoot === undefined) return null;
  for (const candidate of fileSpellings(decoded)) {
    const abs = path.join(realRoot, candidate);
    if (abs !== realRoot && !abs.startsWith(realRoot + path.sep)) continue;
    try {
      const real: string = await fsp.realpath(abs);
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
      const stat = await fsp.stat(real);
      if (stat.isFile()) return real;
    } catch {
      /* try the next spelling */
    }
  }
  return null;
}

/** A small static server for the built site: no directory listings, nosniff, 404.html for misses. */
export function createStaticServer(options: StaticServerOptions): http.Server {
  const baseOf = (): string =>
    (typeof options.baseUrl === 'function' ? options.baseUrl() : (options.baseUrl ?? '/')).replace(/\/$/, '');
  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });
  // Requests Node's parser rejects (a target without a leading slash, a raw NUL, huge headers) get an answer
  // with nosniff like every other one, instead of Node's bare default (issue 8).
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nBad request`,
    );
  });
  return server;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (options.intercept?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    await options.ready?.();
    const base = baseOf();
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (!rawPath.startsWith('/') || rawPath.includes('\\')) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
      return;
    }
    const inBase =
      base === ''
        ? rawPath
        : rawPath === base
          ? '/'
          : rawPath.startsWith(`${base}/`)
            ? rawPath.slice(base.length)
            : null;
    const early = inBase === null ? undefined : await options.pending?.(inBase);
    if (early !== undefined) {
      const body =
        options.transformHtml && early.path.endsWith('.html')
          ? options.transformHtml(String(early.contents))
          : early.contents;
      res.writeHead(200, { 'content-type': typeOf(early.path), 'cache-control': cacheControl(early.path) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const down = options.unavailable?.();
    if (down !== undefined) {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : down);
      return;
    }
    const found = await (options.gate
      ? options.gate.read(() => openFound(options.root, inBase, options.transformHtml !== undefined))
      : openFound(options.root, inBase, options.transformHtml !== undefined));
    if (found.kind === 'missing') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      const body = found.text;
      res.end(req.method === 'HEAD' ? undefined : options.transformHtml ? options.transformHtml(body) : body);
      return;
    }
    const { file } = found;
    const headers: Record<string, string> = { 'content-type': typeOf(file), 'cache-control': cacheControl(file) };
    if (found.kind === 'html') {
      const html = options.transformHtml ? options.transformHtml(found.text) : found.text;
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(found.size) });
    if (req.method === 'HEAD') {
      res.end();
      await found.handle.close();
      return;
    }
    // pipeline, not pipe: a reader who goes away mid-file destroys the stream, which closes the file (with pipe it
    // stayed open until garbage collection, and Node warned under load).
    pipeline(found.handle.createReadStream(), res, () => undefined);
  }
}

const typeOf = (file: string): string => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
/** Content-hashed chunks and stylesheets never change under their name. */
const cacheControl = (file: string): string =>
  /[-.][A-Z0-9]{8}\.(js|css)$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';

type Found =
  | { kind: 'missing'; text: string }
  | { kind: 'html'; file: string; text: string }
  | { kind: 'file'; file: string; handle: fsp.FileHandle; size: number };

/**
 * Finds the file a request names and reads or opens it: all a request needs of the output folder, so the swap
 * gate is held for this only. HTML is read whole when it is to be rewritten (live reload); other files are opened.
 */
async function openFound(root: string, inBase: string | null, readHtml: boolean): Promise<Found> {
  const file = inBase === null ? null : await resolveSafePath(root, inBase);
  if (!file) {
    const notFound = path.join(root, '404.html');
    return { kind: 'missing', text: fs.existsSync(notFound) ? await fsp.readFile(notFound, 'utf8') : 'Not found' };
  }
  if (readHtml && (TYPES[path.extname(file).toLowerCase()] ?? '').startsWith('text/html'))
    return { kind: 'html', file, text: await fsp.readFile(file, 'utf8') };
  const handle = await fsp.open(file, 'r');
  try {
    return { kind: 'file', file, handle, size: (await handle.stat()).size };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** Listens on a port (0 for a free one) and resolves to the bound address. */
export function listen(server: http.Server, port: number, host: string): Promise<{ port: number; url: string }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({ port: bound, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}` });
    });
  });
}

/** How many ports after the one asked for are tried when it is taken. */
const PORT_TRIES = 10;

/**
 * Listens on `port`, or on the next free one when it is taken (issue 22, as Vite does): a second preview, or
 * another tool on 3000, is not a crash. Port 0 takes any free port. Other errors (no such host) are thrown.
 */
export async function listenFrom(
  server: http.Server,
  port: number,
  host: string,
): Promise<{ port: number; url: string; taken: number[] }> {
  const taken: number[] = [];
  for (let candidate = port; ; candidate++) {
    try {
      return { ...(await listen(server, candidate, host)), taken };
    } catch (err) {
      const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!inUse || port === 0 || candidate >= Math.min(65535, port + PORT_TRIES)) {
        if (inUse) throw new Error(`ports ${port} to ${candidate} are in use: choose another with --port <port>`);
        throw err;
      }
      taken.push(candidate);
    }
  }
}
