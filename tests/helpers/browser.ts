import type http from 'node:http';
import { inject } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createStaticServer, listen } from '../../src/serve/static-server.ts';

/** Connects to the run's shared Chromium (tests/global-setup.ts). Close the returned handle in afterAll. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

/** Serves a built folder on a free loopback port. */
export async function serveDir(
  root: string,
  baseUrl = '/',
): Promise<{ url: string; close(): Promise<void>; server: http.Server }> {
  const server = createStaticServer({ root, baseUrl });
  const { url } = await listen(server, 0, '127.0.0.1');
  return { url, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
