import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleLogger, type Logger } from '../log.js';
import { corpusFiles } from './corpus.js';
import { benchApi } from './api.js';
import { formatSeconds, timedBuild } from './timed-build.js';
import { benchFirstVisit, ownScripts } from './first-visit.js';
import { benchSearch } from './search.js';
import { benchServe, corpusPreview, portalPreview } from './serve.js';
import { spread } from './spread.js';
import { formatStageTimes, medianStageTimes, parseStageTimes, type StageTime } from './stages.js';

interface Figures {
  medianMs: number;
  runsMs: number[];
  peakRssMb: number;
  /** Each stage's median over the runs, from the builds' own stage lines. */
  stages: StageTime[];
}

/** What `--only` may name: the portal's site, the generated MDX corpus, the API documents, the portal's preview. */
export const BENCH_PARTS = ['portal', 'corpus', 'api', 'serve'] as const;

/** Edits the serve part makes by default: enough for a median, few enough to keep the bench quick. */
export const SERVE_EDITS = 5;

/** `portal bench` (npm run bench): cold builds of the portal, of a generated corpus and of API documents, first-visit bytes, and the preview. */
export async function bench(options: {
  root: string;
  runs: number;
  pages: number;
  /** Edits of a doc while `portal serve` runs (the serve part). */
  edits?: number;
  only?: readonly string[] | undefined;
  log?: Logger;
}): Promise<void> {
  const log = options.log ?? consoleLogger;
  const parts = new Set<string>(options.only?.length ? options.only : BENCH_PARTS);
  const unknown = [...parts].filter((p) => !(BENCH_PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    log.error(`bench: unknown part "${unknown[0]?.slice(0, 40)}" in --only; the parts are ${BENCH_PARTS.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    log.info(
      `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
    );
    const portalOut = path.join(work, 'portal-build');
    if (parts.has('portal')) {
      try {
        const portal = await timedBuilds(options.root, 'site', portalOut, options.runs);
        log.info(
          `portal site: cold build median ${fmt(portal.medianMs)} (runs ${portal.runsMs.map(fmt).join(', ')}), peak RSS ${portal.peakRssMb} MB`,
        );
        // issue 17: a rebuild with nothing changed keeps the output (output/last-build.ts); the first one after a
        // cold build leaves the record the others find.
        await timedBuilds(options.root, 'site', portalOut, 1, 'warm');
        const warm = await timedBuilds(options.root, 'site', portalOut, options.runs, 'warm');
        log.info(
          `portal site: warm rebuild, nothing changed, median ${fmt(warm.medianMs)} (runs ${warm.runsMs.map(fmt).join(', ')}), peak RSS ${warm.peakRssMb} MB`,
        );
        // Where the time of a warm build goes: one after a doc edit runs every stage, from the caches.
        const edited = await editedRebuilds(options.root, work, options.runs);
        log.info(
          `portal site (a copy, outside git): warm rebuild after a doc edit, median ${fmt(edited.medianMs)} (runs ${edited.runsMs.map(fmt).join(', ')}), peak RSS ${edited.peakRssMb} MB`,
        );
        for (const line of formatStageTimes(
          `portal site, stage times (median of ${options.runs} cold builds / ${options.runs} warm rebuilds after a doc edit):`,
          portal.stages,
          edited.stages,
        ))
          log.info(line);
        const largestApi = await largestFirstVisit(portalOut, 'docs/api');
        for (const [label, rel] of [
          ['doc page (/docs/intro)', 'docs/intro/index.html'],
          ['home page', 'index.html'],
          [`largest API page (${largestApi ?? 'none'})`, largestApi ? `${largestApi.slice(1)}/index.html` : ''],
        ] as const) {
          const bytes = await firstVisitBytes(portalOut, rel);
          if (bytes)
            log.info(
              `first visit, ${label}: JS ${kb(bytes.js)} raw / ${kb(bytes.jsGzip)} gzip; CSS ${kb(bytes.css)} raw / ${kb(bytes.cssGzip)} gzip; shared runtime ${kb(bytes.runtimeGzip)} gzip`,
            );
        }
        // issue 17 budgets: what a first visit downloads in a real browser, prefetches included
        await benchFirstVisit(portalOut, log);
        // issue 7 budgets: the first search's download, query time, and the first query on 10,000 pages
        await benchSearch({ root: options.root, portalOut, log });
      } catch (err) {
        log.error(`portal site: build failed, figures skipped (${String((err as Error).message).split('\n')[0]})`);
      }
    }

    if (parts.has('corpus')) await benchCorpus({ ...options, work, log });

    // issue 5 and issue 20 budgets: generated documents of 1k to 10k operations, then every shared third-party one
    if (parts.has('api')) await benchApi({ root: options.root, work, log });

    // issue 16 budgets: the preview's first page, edit-to-visible in Chromium, and its memory over the edits
    if (parts.has('serve'))
      for (const site of [portalPreview(options.root), corpusPreview(options.pages)])
        await benchServe({ site, work, edits: options.edits ?? SERVE_EDITS, log }).catch((err: Error) =>
          log.error(`serve (${site.label}): failed, figures skipped (${String(err.message).split('\n')[0]})`),
        );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** A generated corpus of realistic MDX pages: cold builds and the first visit of one page. */
async function benchCorpus(options: { pages: number; runs: number; work: string; log: Logger }): Promise<void> {
  const corpusRoot = path.join(options.work, 'corpus');
  for (const [rel, contents] of Object.entries(corpusFiles(options.pages))) {
    const file = path.join(corpusRoot, 'site', rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, contents);
  }
  const corpusOut = path.join(options.work, 'corpus-build');
  const corpus = await timedBuilds(corpusRoot, 'site', corpusOut, options.runs);
  options.log.info(
    `corpus of ${options.pages} MDX pages: cold build median ${fmt(corpus.medianMs)} (runs ${corpus.runsMs.map(fmt).join(', ')}), peak RSS ${corpus.peakRssMb} MB`,
  );
  const bytes = await firstVisitBytes(corpusOut, 'docs/section-0/page-0/index.html');
  if (bytes)
    options.log.info(`first visit, corpus doc page: JS ${kb(bytes.jsGzip)} gzip, CSS ${kb(bytes.cssGzip)} gzip`);
}

/**
 * Warm rebuilds of a copy of the portal's site, each after a paragraph is added to a doc: what an author's
 * `portal build` costs once the caches hold the rest. The copy is outside git, so it has no git log stage.
 */
async function editedRebuilds(root: string, work: string, runs: number): Promise<Figures> {
  const copy = path.join(work, 'portal-copy');
  await portalPreview(root).copy(copy);
  const out = path.join(copy, 'build');
  const doc = path.join(copy, 'site', 'docs', 'intro.mdx');
  // The copy's first build fills the caches for its paths.
  await timedBuilds(copy, 'site', out, 1, 'warm');
  const figures: Figures[] = [];
  for (let i = 0; i < runs; i++) {
    await fs.appendFile(doc, `\nA paragraph the bench added (${i + 1}).\n`);
    figures.push(await timedBuilds(copy, 'site', out, 1, 'warm'));
  }
  const runsMs = figures.map((f) => f.medianMs);
  return {
    medianMs: spread(runsMs).median,
    runsMs,
    peakRssMb: Math.max(...figures.map((f) => f.peakRssMb)),
    stages: medianStageTimes(figures.map((f) => f.stages)),
  };
}

/** Builds in child processes (timed-build.ts), cold unless told warm; a failed one stops the measurement. */
async function timedBuilds(
  cwd: string,
  site: string,
  out: string,
  runs: number,
  mode: 'cold' | 'warm' = 'cold',
): Promise<Figures> {
  const runsMs: number[] = [];
  const stages: StageTime[][] = [];
  let peak = 0;
  for (let i = 0; i < runs; i++) {
    const build = await timedBuild(cwd, ['--site', site], out, mode);
    if (build.code !== 0)
      throw new Error(`portal build exited ${build.code}: ${build.stderr.trim().split('\n')[0] ?? ''}`);
    runsMs.push(build.ms);
    stages.push(parseStageTimes(build.stdout));
    peak = Math.max(peak, build.peakRssKb);
  }
  return {
    medianMs: spread(runsMs).median,
    runsMs,
    peakRssMb: Math.round(peak / 1024),
    stages: medianStageTimes(stages),
  };
}

/** The page under `dir` whose first visit loads the most JavaScript (raw bytes, cheap to rank), as a route path. */
async function largestFirstVisit(outDir: string, dir: string): Promise<string | undefined> {
  let best: { route: string; bytes: number } | undefined;
  for (const entry of await fs.readdir(path.join(outDir, dir), { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const html = await fs.readFile(path.join(outDir, dir, entry.name, 'index.html'), 'utf8').catch(() => '');
    let bytes = 0;
    for (const u of ownScripts(html)) bytes += (await fs.stat(path.join(outDir, u.replace(/^\/+/, '')))).size;
    if (!best || bytes > best.bytes) best = { route: `/${dir}/${entry.name}`, bytes };
  }
  return best?.route;
}

/** Bytes a first visit loads: the stylesheet, the runtime and every modulepreloaded chunk of the page. */
async function firstVisitBytes(outDir: string, htmlRel: string) {
  let html: string;
  try {
    html = await fs.readFile(path.join(outDir, htmlRel), 'utf8');
  } catch {
    return undefined;
  }
  const js = ownScripts(html);
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] as string);
  const read = (u: string) => fs.readFile(path.join(outDir, u.replace(/^\/+/, '')));
  const sum = async (list: string[]) => {
    let raw = 0;
    let gz = 0;
    for (const u of list) {
      const buf = await read(u);
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    return { raw, gz };
  };
  const jsBytes = await sum(js);
  const cssBytes = await sum(css);
  const runtime = await sum(js.filter((u) => /\/entry-|\/c\/chunk-/.test(u)));
  return { js: jsBytes.raw, jsGzip: jsBytes.gz, css: cssBytes.raw, cssGzip: cssBytes.gz, runtimeGzip: runtime.gz };
}

const fmt = formatSeconds;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
