import type http from 'node:http';

export const LIVE_RELOAD_PATH = '/__portal/events';

/** Server-sent events to open pages: `reload` after a good rebuild (with the LiveUpdate), `build-error` with the message otherwise. */
export function createLiveReload() {
  const clients = new Set<http.ServerResponse>();
  let lastError: string | undefined;
  const send = (res: http.ServerResponse, event: string, data: string) =>
    res.write(`event: ${event}\ndata: ${data.split('\n').join('\ndata: ')}\n\n`);
  return {
    /** Answers the event-stream request; false for any other URL. */
    intercept(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      if ((req.url ?? '').split('?')[0] !== LIVE_RELOAD_PATH) return false;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      clients.add(res);
      if (lastError) send(res, 'build-error', lastError);
      req.on('close', () => clients.delete(res));
      return true;
    },
    /** `data`: what pages need to take the new build in place (LiveUpdate); without it they reload. */
    reload(data = '') {
      lastError = undefined;
      for (const res of clients) {
        send(res, 'build-ok', '');
        send(res, 'reload', data);
      }
    },
    /** An early update (LiveUpdate.early) while the build goes on: the overlay and the last error stay until it ends. */
    update(data: string) {
      for (const res of clients) send(res, 'reload', data);
    },
    /** An edit shown before its build (HotUpdate): open pages of its route take it; the overlay stays as it is. */
    hot(data: string) {
      for (const res of clients) send(res, 'hot', data);
    },
    error(message: string) {
      lastError = message;
      for (const res of clients) send(res, 'build-error', message);
    },
    get size() {
      return clients.size;
    },
    close() {
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
