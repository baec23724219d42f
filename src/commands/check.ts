import fs from 'node:fs/promises';
import path from 'node:path';
import { LinkChecker } from 'linkinator';
import pc from 'picocolors';
import { consoleLogger, type Logger } from '../log.js';
import { createStaticServer, listen } from '../serve/static-server.js';

/** One broken link in `portal check --json`: where it points, where it is, and what the server said. */
export interface BrokenLink {
  url: string;
  page: string;
  status: number | null;
}

/** `portal check --json`: what machines read (CI annotations, dashboards); the shape is documented in the README. */
export interface CheckReport {
  ok: boolean;
  checked: number;
  broken: BrokenLink[];
  external: boolean;
}

/**
 * `portal check`: serves the built folder on a free loopback port and crawls it; resolves to the broken-link count.
 * With `json`, the report is printed as one JSON object on stdout instead of lines for people.
 */
export async function check(options: {
  root: string;
  outDir: string;
  external: boolean;
  baseUrl?: string;
  log?: Logger;
  json?: boolean;
}): Promise<number> {
  const log = options.log ?? consoleLogger;
  const outDir = path.resolve(options.root, options.outDir);
  const baseUrl = options.baseUrl ?? (await detectBaseUrl(outDir));
  const server = createStaticServer({ root: outDir, baseUrl });
  const { url } = await listen(server, 0, '127.0.0.1');
  try {
    const origin = new URL(url).origin;
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${url}${baseUrl}`,
      recurse: true,
      concurrency: 16,
      timeout: 10_000,
      // External links are skipped unless --external: CI must not depend on other sites being up.
      linksToSkip: options.external ? [] : [`^(?!${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`],
    });
    const broken = result.links.filter((l) => l.state === 'BROKEN');
    const checked = result.links.filter((l) => l.state !== 'SKIPPED').length;
    if (options.json) {
      const report: CheckReport = {
        ok: broken.length === 0,
        checked,
        broken: broken.map((l) => ({
          url: l.url.replace(origin, ''),
          page: l.parent ? l.parent.replace(origin, '') : '',
          status: l.status ?? null,
        })),
        external: options.external,
      };
      log.info(JSON.stringify(report));
      return broken.length;
    }
    for (const link of broken) {
      const page = link.parent ? link.parent.replace(origin, '') : '(start)';
      log.error(
        `${pc.red('broken')} ${link.url.replace(origin, '')} ${pc.dim(`(${link.status ?? 'no response'})`)} on ${page}`,
      );
    }
    log.info(
      `${broken.length ? pc.red(`${broken.length} broken`) : pc.green('no broken links')} among ${checked} links checked${options.external ? '' : ' (external links skipped; --external checks them)'}`,
    );
    return broken.length;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The base URL a folder was built for, read from its 404 page's boot data (`"assets":"/base/_portal/"`). */
async function detectBaseUrl(outDir: string): Promise<string> {
  try {
    const html = await fs.readFile(path.join(outDir, '404.html'), 'utf8');
    return /"assets":"([^"]*?)_portal\//.exec(html)?.[1] ?? '/';
  } catch {
    return '/';
  }
}
