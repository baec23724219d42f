import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { Logger } from '../log.js';
import { chromiumLauncher } from './chromium.js';
import { corpusFiles } from './corpus.js';
import { spread } from './spread.js';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/portal.js');
/** A site the serve part previews: how its copy is made, the page asked for first, the page kept open while editing and the file behind it. */
export interface PreviewedSite {
  label: string;
  /** Writes the site into `dir`: its site/ folder and whatever it needs beside it. */
  copy(dir: string): Promise<void>;
  firstPage: string;
  route: string;
  /** The edited file, under site/. */
  file: string;
  /** An OpenAPI document's edit, as an API team previewing it makes: `find` is replaced in `file` (from the copy's root). */
  apiEdit?: { route: string; file: string; find: string };
}

/** The portal's own site/ and openapi/, copied (issue 16's measurement: its first page is the home page). */
export const portalPreview = (root: string): PreviewedSite => ({
  label: 'portal',
  copy: async (dir) => {
    await fs.cp(path.join(root, 'site'), path.join(dir, 'site'), { recursive: true });
    await fs.cp(path.join(root, 'openapi'), path.join(dir, 'openapi'), { recursive: true }).catch(() => undefined);
  },
  firstPage: '/',
  route: '/docs/intro',
  file: 'docs/intro.mdx',
  apiEdit: {
    route: '/docs/api/get-single-employee',
    file: 'openapi/business-api.yaml',
    find: 'Returns one employee.',
  },
});

/** The generated MDX corpus (corpus.ts), which has no home page: its first page is the edited one. */
export const corpusPreview = (pages: number): PreviewedSite => ({
  label: `corpus of ${pages} MDX pages`,
  copy: async (dir) => {
    for (const [rel, contents] of Object.entries(corpusFiles(pages))) {
      const file = path.join(dir, 'site', rel);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, contents);
    }
  },
  firstPage: '/docs/section-0/page-0',
  route: '/docs/section-0/page-0',
  file: 'docs/section-0/page-0.mdx',
});
/** Longer than this, an edit (or the first page) counts as lost: the bench stops rather than hang. */
const WAIT_MS = 120_000;
/** Edits of the OpenAPI document at most: each rebuilds the API reference, a second or so. */
const API_EDITS = 5;
/** An author stops `serve` a while after the last save; by then its newest bundles are on disk (5 s of quiet). */
const QUIET_BEFORE_STOP_MS = 6000;
/** Starts timed after a restart and after `portal build`, each: one start was at the mercy of the machine's noise. */
const STARTS = 3;
/** Fresh starts timed (each in a copy of its own, the last one's session then edited). */
const FRESH_STARTS = 3;
/** After each shown edit: lets a second watcher event of the same write settle before the next write. */
const SETTLE_MS = 300;

export interface ServeFigures {
  site: Pick<PreviewedSite, 'label' | 'firstPage' | 'route' | 'apiEdit'>;
  /** From spawning `portal serve` to `GET /` answering 200, in a copy with nothing built or cached: each start. */
  firstPagesMs: number[];
  /** From the same spawns to the end of their first build (every page served from it). */
  firstBuildsMs?: number[] | undefined;
  /** The same at each restart, the previous run's preview in the output folder (previous-output.ts). */
  restartsMs: number[];
  /** The same after each `portal build` replaced the preview (its pages are not served so): the disk caches, no output. */
  afterBuildsMs?: number[] | undefined;
  /** Each edit: from just before the write to the new text painted in Chromium. */
  editsMs: number[];
  /** Each edit, the page's share: from the server's last event (`hot` or `reload`) reaching Chromium to the new text painted. */
  pageMs: number[];
  /** Edits the page showed from a `hot` event, before their rebuild (src/serve/hot-body.ts). */
  hotShown: number;
  /** Edits the page showed by loading itself again rather than in place. */
  fullLoads: number;
  /** Resident set of the serve process after the first and after the last edit, in MB (undefined: not readable). */
  rssAfterFirstMb: number | undefined;
  rssAfterLastMb: number | undefined;
  /** Each edit of the OpenAPI document (apiEdit), from just before the write to the new text painted. */
  apiEditsMs?: number[];
}

/** The figures as `npm run bench` prints them, with issue 16's budgets. */
export function formatServeFigures(f: ServeFigures): string[] {
  const edits = spread(f.editsMs);
  const inPage = spread(f.pageMs);
  const api = f.apiEditsMs?.length ? spread(f.apiEditsMs) : undefined;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const mb = (n: number | undefined) => (n === undefined ? 'n/a' : `${n} MB`);
  const n = f.editsMs.length;
  // A single start is at the mercy of the machine's noise (±30 % here): the median of several, and each.
  const starts = (runs: readonly number[]) =>
    runs.length === 1 ? ms(runs[0] as number) : `${ms(spread(runs).median)} (median of ${runs.map(ms).join(', ')})`;
  return [
    `serve (${f.site.label}, \`portal serve\` in a child process): ${f.site.firstPage} answered ${starts(f.firstPagesMs)} after a fresh start${f.firstBuildsMs?.length ? ` (the first build ended at ${starts(f.firstBuildsMs)})` : ''}, ${starts(f.restartsMs)} after a restart${f.afterBuildsMs?.length ? `, ${starts(f.afterBuildsMs)} after \`portal build\`` : ''} (budget ≤ 1000 ms on the portal, ≤ 2000 ms on 1,000 pages)`,
    `serve (${f.site.label}): edit-to-visible on ${f.site.route}, median ${ms(edits.median)} (min ${ms(edits.min)}, max ${ms(edits.max)}) over ${n} edit${n === 1 ? '' : 's'}, ${f.hotShown} shown before their rebuild, ${f.fullLoads} by a full page load (budget: median ≤ 200 ms on the portal, ≤ 300 ms on 1,000 pages)`,
    `serve (${f.site.label}): of which in the page, from the server's event to painted: median ${ms(inPage.median)} (min ${ms(inPage.min)}, max ${ms(inPage.max)})`,
    `serve (${f.site.label}): RSS after edit 1 ${mb(f.rssAfterFirstMb)}, after edit ${n} ${mb(f.rssAfterLastMb)}`,
    ...(api && f.site.apiEdit
      ? [
          `serve (${f.site.label}): OpenAPI edit-to-visible on ${f.site.apiEdit.route} (a description changed in ${f.site.apiEdit.file}), median ${ms(api.median)} (min ${ms(api.min)}, max ${ms(api.max)}) over ${f.apiEditsMs?.length} edits`,
        ]
      : []),
  ];
}

/**
 * Issue 16's preview figures on a copy of a site (for the portal, never the project's own site/): `portal serve`
 * started as a user starts it, in a child process, timed until its first page answers 200; then Chromium open
 * on the site's route while a paragraph with a fresh marker is written into the copy's file behind it, `edits`
 * times, each timed from just before the write until the marker is in the page and one more frame has been
 * painted.
 */
export async function benchServe(o: { site: PreviewedSite; work: string; edits: number; log: Logger }): Promise<void> {
  const launch = await chromiumLauncher();
  if (typeof launch === 'string') return o.log.warn(`serve: skipped, ${launch}`);
  // Fresh starts before the one the edits follow, each in a copy of its own (nothing of it compiled, no output).
  const freshPagesMs: number[] = [];
  const freshBuildsMs: number[] = [];
  for (let i = 1; i < FRESH_STARTS; i++) {
    const fresh = await fs.mkdtemp(path.join(o.work, 'serve-fresh-'));
    await o.site.copy(fresh);
    const at = performance.now();
    const run = startServe(fresh);
    try {
      await firstPage(run.child, o.site.firstPage, run.output);
      freshPagesMs.push(performance.now() - at);
      await until(async () => /edit .* and open pages reload/.test(run.output()), 'the first build', run.output, 20);
      freshBuildsMs.push(performance.now() - at);
    } finally {
      await stop(run.child);
      await fs.rm(fresh, { recursive: true, force: true });
    }
  }
  const copy = await fs.mkdtemp(path.join(o.work, 'serve-'));
  await o.site.copy(copy);
  const file = path.join(copy, 'site', o.site.file);
  const original = await fs.readFile(file, 'utf8');

  const started = performance.now();
  let { child, output } = startServe(copy);
  let browser: import('playwright-core').Browser | undefined;
  try {
    const url = await firstPage(child, o.site.firstPage, output);
    freshPagesMs.push(performance.now() - started);
    // The first page of a fresh start is made alone (quick-site.ts): when the whole preview is ready is said too.
    await until(async () => /edit .* and open pages reload/.test(output()), 'the first build', output, 20);
    freshBuildsMs.push(performance.now() - started);
    // Started once the first page is timed: on a machine of two cores it would slow the server's start.
    browser = await launch();

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The page hears of a rebuild through its event stream: it must be open before a write counts.
    let connected = false;
    let loads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads++;
    });
    // Connected from the stream's answer until a new document (not a same-document navigation, which an update in
    // place may make) asks for its own.
    page.on('request', (r) => {
      if (r.url().includes('/__portal/events')) connected = false;
    });
    page.on('response', (r) => {
      if (r.url().includes('/__portal/events') && r.ok()) connected = true;
    });
    // When the server's word of a rebuild reaches the browser: the rest of an edit's time is the page's. The
    // last such word before the text shows, as one write may be seen twice (truncated, then written) and rebuilt twice.
    let reloadEventAt: number | undefined;
    let lastEvent: string | undefined;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.eventSourceMessageReceived', (e) => {
      if (e.eventName !== 'reload' && e.eventName !== 'hot') return;
      reloadEventAt = performance.now();
      lastEvent = e.eventName;
    });
    await page.goto(`${url}${o.site.route}`, { waitUntil: 'load' });
    const editsMs: number[] = [];
    const pageMs: number[] = [];
    let fullLoads = 0;
    let hotShown = 0;
    let rssAfterFirstMb: number | undefined;
    let rssAfterLastMb: number | undefined;
    for (let i = 1; i <= o.edits; i++) {
      await until(() => connected, `the page's event stream (edit ${i})`, output);
      const marker = `serve-bench-${i}-${Date.now().toString(36)}`;
      const loadsBefore = loads;
      reloadEventAt = undefined;
      lastEvent = undefined;
      const t0 = performance.now();
      await fs.writeFile(file, `${original}\n\nEdited by the bench: ${marker}.\n`);
      await painted(page, marker, output);
      const shown = performance.now();
      editsMs.push(shown - t0);
      if (reloadEventAt !== undefined) pageMs.push(shown - reloadEventAt);
      if (loads > loadsBefore) fullLoads++;
      else if (lastEvent === 'hot') hotShown++;
      const rss = await rssMb(child.pid);
      if (i === 1) rssAfterFirstMb = rss;
      if (i === o.edits) rssAfterLastMb = rss;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
    // An API team's edit: a description of the OpenAPI document, its operation page open.
    const apiEditsMs: number[] = [];
    const apiEdit = o.site.apiEdit;
    if (apiEdit) {
      const apiFile = path.join(copy, apiEdit.file);
      const document = await fs.readFile(apiFile, 'utf8');
      await page.goto(`${url}${apiEdit.route}`, { waitUntil: 'load' });
      for (let i = 1; i <= Math.min(o.edits, API_EDITS); i++) {
        await until(() => connected, `the API page's event stream (edit ${i})`, output);
        const marker = `serve-bench-api-${i}-${Date.now().toString(36)}`;
        const t0 = performance.now();
        await fs.writeFile(apiFile, document.replace(apiEdit.find, `${apiEdit.find} Edited by the bench: ${marker}.`));
        await painted(page, marker, output);
        apiEditsMs.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
    }
    await browser.close();
    browser = undefined;
    // On a large site the first page is answered long before a build has written the output (the first one may
    // even be left for an edit): the restart below is of a preview that was written.
    const written = path.join(copy, 'build', '404.html');
    await until(
      () =>
        fs.access(written).then(
          () => true,
          () => false,
        ),
      'a build written',
      output,
      100,
    );
    // Stopped a while after the last save, as an author stops it: the session has kept its newest bundles on disk
    // by then (bundle-session.ts).
    await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_STOP_MS));
    await stop(child);
    // Stopped and started again, as an author does each day: the last preview is served while the first build runs.
    const restartsMs: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const restarted = performance.now();
      ({ child, output } = startServe(copy));
      await firstPage(child, o.site.firstPage, output);
      restartsMs.push(performance.now() - restarted);
      await until(
        async () => /edit .* and open pages reload/.test(output()),
        'the first build at the restart',
        output,
        100,
      );
      await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_STOP_MS));
      await stop(child);
    }
    // `portal build` in its place: its pages are not a preview's, so the next start waits for its own first page.
    const afterBuildsMs: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      await run('node', [bin, 'build', '--out', path.join(copy, 'build')], {
        cwd: copy,
        env: { ...process.env, NO_COLOR: '1' },
      });
      const afterBuild = performance.now();
      ({ child, output } = startServe(copy));
      await firstPage(child, o.site.firstPage, output);
      afterBuildsMs.push(performance.now() - afterBuild);
      if (i < STARTS - 1) await stop(child);
    }
    for (const line of formatServeFigures({
      site: o.site,
      firstPagesMs: freshPagesMs,
      firstBuildsMs: freshBuildsMs,
      restartsMs,
      afterBuildsMs,
      editsMs,
      pageMs,
      hotShown,
      fullLoads,
      rssAfterFirstMb,
      rssAfterLastMb,
      apiEditsMs,
    }))
      o.log.info(line);
  } finally {
    await browser?.close();
    await stop(child);
  }
}

/** `portal serve` on a copy of a site, in a child process, as a user starts it. */
function startServe(copy: string): { child: ChildProcess; output: () => string } {
  const child = spawn('node', [bin, 'serve', '--port', '0', '--out', path.join(copy, 'build')], {
    cwd: copy,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

/** The server's URL once `GET <first>` answers 200; throws with its output if it exits or takes too long. */
async function firstPage(child: ChildProcess, first: string, output: () => string): Promise<string> {
  let url: string | undefined;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`portal serve exited ${child.exitCode}: ${tail(output())}`);
      url ??= /serving .* at (http:\/\/[^/\s]+)/.exec(output())?.[1];
      if (!url) return false;
      const res = await fetch(`${url}${first}`).catch(() => undefined);
      await res?.body?.cancel();
      return res?.status === 200;
    },
    'the first page',
    output,
    5,
  );
  return url as string;
}

/**
 * Waits for `marker` in the page's text, then for one more animation frame: the text is painted. A full
 * reload replaces the document while waiting; the wait then goes on in the new one.
 */
async function painted(page: Page, marker: string, output: () => string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    try {
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is the rendered text, laid out: what the reader sees
      await page.waitForFunction((m) => document.body?.innerText.includes(m), marker, {
        timeout: Math.max(1, deadline - performance.now()),
      });
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      return;
    } catch (err) {
      const message = String((err as Error).message);
      if (performance.now() > deadline || !/context was destroyed|navigat/i.test(message))
        throw new Error(`serve: ${marker} never showed (${message.split('\n')[0]}); server: ${tail(output())}`);
    }
  }
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  output: () => string,
  everyMs = 10,
): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`serve: waited too long for ${what}; server: ${tail(output())}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The process's resident set, from /proc on Linux, `ps` elsewhere. */
async function rssMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return Math.round(kb / 1024);
  } catch {
    /* not Linux: ask ps */
  }
  try {
    const { stdout } = await run('ps', ['-o', 'rss=', '-p', String(pid)]);
    const kb = Number(stdout.trim());
    return kb ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const tail = (text: string): string => text.trim().split('\n').slice(-5).join(' | ');
