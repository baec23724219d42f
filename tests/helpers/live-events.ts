import http from 'node:http';
import { LIVE_RELOAD_PATH } from '../../src/serve/live-reload.ts';

export interface LiveEvents {
  /** Every event since the stream opened, in order: `hot`, `reload`, `build-ok`, `build-error`. */
  events: Array<{ event: string; data: string }>;
  close(): void;
}

/** The preview server's live-reload events as a plain client sees them; resolves once the stream is open. */
export function openEvents(origin: string): Promise<LiveEvents> {
  return new Promise((resolve, reject) => {
    const events: LiveEvents['events'] = [];
    const req = http.get(`${origin}${LIVE_RELOAD_PATH}`, { agent: false }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n') });
          else if (block.startsWith(': connected')) resolve({ events, close: () => req.destroy() });
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('error', () => {});
    });
    req.on('error', (err) => (events.length === 0 ? reject(err) : undefined));
  });
}
