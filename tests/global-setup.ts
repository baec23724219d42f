import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';

let server: BrowserServer | undefined;

/** One Chromium for the whole run; browser tests connect to it over its WebSocket endpoint. */
export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  project.provide('browserWsEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}
