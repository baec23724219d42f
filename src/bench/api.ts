import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../log.js';
import { formatSeconds, timedBuild } from './timed-build.js';
import { openApiCorpusFiles } from './openapi.js';

/** Generated documents measured (issue 20: growth must be linear up to 10,000 operations). */
export const API_SIZES = [1000, 3000, 10_000];

export interface ApiBuildFigures {
  ms: number;
  peakRssMb: number;
  /** The largest HTML page of the output, in bytes, and its path. */
  largestPage: { bytes: number; path: string };
  /** Exit code of the build: 0 when it passed. */
  code: number;
  /** The build's last line (its summary) or first error line. */
  summary: string;
}

/** One cold build (timed-build.ts), quiet, with its peak RSS, its summary line and the largest page. */
export async function coldApiBuild(cwd: string, args: readonly string[], out: string): Promise<ApiBuildFigures> {
  const { ms, peakRssKb, code, stdout, stderr } = await timedBuild(cwd, [...args, '--quiet'], out);
  const lines = `${stdout}\n${stderr}`.split('\n').filter((l) => l.trim() && !l.startsWith('maxRSS='));
  const summary = (code === 0 ? lines.at(-1) : (lines.find((l) => /error/i.test(l)) ?? lines.at(-1))) ?? '';
  return {
    ms,
    peakRssMb: Math.round(peakRssKb / 1024),
    largestPage: await largestHtml(out),
    code,
    summary: summary.trim().slice(0, 200),
  };
}

async function largestHtml(out: string): Promise<{ bytes: number; path: string }> {
  let best = { bytes: 0, path: '' };
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.html')) {
        const { size } = await fs.stat(full);
        if (size > best.bytes) best = { bytes: size, path: path.relative(out, full) };
      }
    }
  };
  await walk(out);
  return best;
}

/** The main document of each folder of `dir`: the file declaring `openapi:` or `swagger:` at its top level. */
export async function fixtureDocuments(dir: string): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  const folders = (await fs.readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const files = await listFiles(path.join(dir, folder));
    for (const file of files.sort()) {
      if (!/\.(ya?ml|json)$/i.test(file)) continue;
      const text = await fs.readFile(file, 'utf8');
      if (isDocument(file, text)) {
        found.push([folder, file]);
        break;
      }
    }
  }
  return found;
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out;
}

function isDocument(file: string, text: string): boolean {
  if (!file.endsWith('.json')) return /^(openapi|swagger)\s*:/m.test(text.slice(0, 4000));
  // A JSON document may declare its version after megabytes of components (Stripe's does).
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && ('openapi' in value || 'swagger' in value);
  } catch {
    return false;
  }
}

/**
 * Issue 20 budgets: generated documents of 1k, 3k and 10k operations (shared and recursive schemas like
 * Stripe's), then every third-party document of ../shared/fixtures/openapi previewed with the portal's guides.
 */
export async function benchApi(options: {
  root: string;
  work: string;
  log: Logger;
  sizes?: readonly number[];
}): Promise<void> {
  const { log } = options;
  const perThousand: Array<{ ms: number; mb: number }> = [];
  for (const operations of options.sizes ?? API_SIZES) {
    const apiRoot = await writeGenerated(options.work, operations);
    const figures = await coldApiBuild(apiRoot, ['--site', 'site'], path.join(options.work, `api-${operations}-build`));
    await fs.rm(apiRoot, { recursive: true, force: true });
    const thousands = operations / 1000;
    perThousand.push({ ms: figures.ms / thousands, mb: figures.peakRssMb / thousands });
    log.info(
      `API document of ${operations} operations: ${describe(figures)}; ${fmt(figures.ms / thousands)} per 1,000 operations`,
    );
  }
  if (perThousand.length > 1) {
    log.info(
      `  time per 1,000 operations, smallest to largest document: ${perThousand.map((p) => fmt(p.ms)).join(' → ')} (flat means linear)`,
    );
    log.info(
      `  peak RSS per 1,000 operations, smallest to largest document: ${perThousand.map((p) => `${Math.round(p.mb)} MB`).join(' → ')} (flat or falling means linear; the portal's own part is fixed)`,
    );
  }

  // Issue 17 item 4: a 600-operation document previewed with the portal's guides, as an API team would.
  const previewRoot = await writeGenerated(options.work, PREVIEW_OPERATIONS);
  const preview = await coldApiBuild(
    options.root,
    ['--openapi', path.join(previewRoot, 'openapi', 'generated.json')],
    path.join(options.work, `preview-${PREVIEW_OPERATIONS}-build`),
  );
  await fs.rm(previewRoot, { recursive: true, force: true });
  log.info(`--openapi generated ${PREVIEW_OPERATIONS} operations, with the portal's guides: ${describe(preview)}`);

  const fixtures = path.resolve(options.root, '../shared/fixtures/openapi');
  const documents = await fixtureDocuments(fixtures);
  if (documents.length === 0) {
    log.info(`third-party OpenAPI documents: none found in ${fixtures}, skipped`);
    return;
  }
  for (const [name, file] of documents) {
    const figures = await coldApiBuild(options.root, ['--openapi', file], path.join(options.work, `fixture-${name}`));
    log.info(`--openapi ${name}: ${describe(figures)}`);
  }
}

/** Issue 17 item 4: the portal previewing a generated document of this many operations (budget 5 s). */
const PREVIEW_OPERATIONS = 600;

/** A generated site with an API document of `operations` operations (openapi.ts), under `work`. */
async function writeGenerated(work: string, operations: number): Promise<string> {
  const root = path.join(work, `api-${operations}`);
  for (const [rel, contents] of Object.entries(openApiCorpusFiles(operations))) {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), contents);
  }
  return root;
}

const describe = (f: ApiBuildFigures): string =>
  `${f.code === 0 ? 'built' : `FAILED (exit ${f.code}: ${f.summary})`} in ${fmt(f.ms)}, peak RSS ${f.peakRssMb} MB, largest page ${kb(f.largestPage.bytes)} (${f.largestPage.path || 'none'})${f.largestPage.bytes > 1024 * 1024 ? ', OVER the 1 MB budget' : ''}`;
const fmt = formatSeconds;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
