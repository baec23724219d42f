import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../../src/serve/static-server.ts';

// A server whose output folder does not exist yet (`serve` after a fresh start whose first build failed) answered
// "Internal error" (500) to every request: realpath of the missing folder threw.
describe('the static server without an output folder', () => {
  const missing = path.join(os.tmpdir(), `portal-no-output-${process.pid}-${Date.now()}`);

  const served = async (options: Partial<Parameters<typeof createStaticServer>[0]>) => {
    const server = createStaticServer({ root: missing, ...options });
    const { url } = await listen(server, 0, '127.0.0.1');
    try {
      const res = await fetch(`${url}/docs/intro`);
      return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

  it('answers not found', async () => {
    expect(await served({})).toMatchObject({ status: 404, text: 'Not found' });
  });

  it("answers with serve's page for the case, as unavailable (503)", async () => {
    expect(await served({ unavailable: () => '<h1>Build failed</h1>' })).toEqual({
      status: 503,
      text: '<h1>Build failed</h1>',
      type: 'text/html; charset=utf-8',
    });
  });
});
