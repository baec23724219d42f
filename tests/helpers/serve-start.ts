import { serve } from '../../src/commands/serve.ts';
import { memoryLogger } from './fixtures.ts';

/**
 * `portal serve` started in `dir`, with its URL as soon as it says it serves (before its first build ends, which
 * `starting` waits for) and its log.
 */
export function startServe(dir: string): {
  announced: Promise<string>;
  starting: ReturnType<typeof serve>;
  log: ReturnType<typeof memoryLogger>;
} {
  const log = memoryLogger();
  const announced = new Promise<string>((resolve) => {
    const info = log.info;
    log.info = (line) => {
      info(line);
      const at = /serving .* at (\S+)/.exec(line);
      if (at) resolve((at[1] as string).replace(/\/$/, ''));
    };
  });
  return { announced, starting: serve({ root: dir, port: 0, host: '127.0.0.1', log }), log };
}
