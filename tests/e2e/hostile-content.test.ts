import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, serveDir } from '../helpers/browser.ts';
import { buildFixture, fixtureDir } from '../helpers/fixtures.ts';

// issue 8, item 2: the text of an OpenAPI document is not trusted. tests/fixtures/api-hostile puts script
// payloads in every field the pages show (summaries, Markdown descriptions, examples, enums, server URLs,
// external docs, tag, parameter, header, media type and property names, schema titles, x-codeSamples,
// security scopes, topics); each payload sets window.__pwned to its own number or opens a dialog.

let browser: Browser;
let site: Awaited<ReturnType<typeof serveDir>>;
let outDir: string;
let apiPaths: string[];
let tagPaths: string[];
let operationPaths: string[];
let payloads: number;

beforeAll(async () => {
  const built = await buildFixture('api-hostile');
  outDir = built.outDir;
  apiPaths = built.table.routes
    .filter((r) => r.kind.startsWith('api-') || r.kind === 'category')
    .map((r) => r.path)
    .sort();
  tagPaths = built.table.routes
    .filter((r) => r.kind === 'api-tag')
    .map((r) => r.path)
    .sort();
  operationPaths = built.table.routes
    .filter((r) => r.kind === 'api-operation')
    .map((r) => r.path)
    .sort();
  const doc = await fs.readFile(path.join(fixtureDir('api-hostile'), 'openapi/hostile.yaml'), 'utf8');
  payloads = new Set(
    [...doc.matchAll(/__pwned=(\d+)|alert\((\d+)\)|msgbox\((\d+)\)/g)].map((m) => m[1] ?? m[2] ?? m[3]),
  ).size;
  site = await serveDir(outDir);
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Records every write to window.__pwned, before any of the page's own scripts run. */
function trapPayloads(): void {
  const hits: unknown[] = [];
  Object.defineProperty(window, '__pwnedHits', { value: hits });
  Object.defineProperty(window, '__pwned', {
    configurable: false,
    get: () => hits[hits.length - 1],
    set: (v: unknown) => void hits.push(v),
  });
}

/** What a payload would have left in the page. Runs in the browser. */
function findTraces() {
  const scriptUrl = (value: string) =>
    /^(javascript|vbscript):|^data:text\/html/i.test(value.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, ''));
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcdoc', 'background'];
  const unsafeUrls: string[] = [];
  const handlers: string[] = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (urlAttributes.includes(attr.name.toLowerCase()) && scriptUrl(attr.value))
        unsafeUrls.push(`<${el.localName} ${attr.name}="${attr.value}">`);
      // React never renders on* attributes into the HTML: any there came from content.
      if (/^on/i.test(attr.name)) handlers.push(`<${el.localName} ${attr.name}="${attr.value}">`);
    }
  }
  const embedded = [
    ...document.querySelectorAll(
      '#__portal iframe, #__portal object, #__portal embed, #__portal frame, #__portal script',
    ),
  ].map((e) => e.outerHTML.slice(0, 120));
  const foreignScripts = [...document.scripts]
    .filter((s) => (s.src && !new URL(s.src).pathname.startsWith('/_portal/')) || s.textContent?.includes('__pwned'))
    .map((s) => s.outerHTML.slice(0, 120));
  return {
    hits: (window as unknown as { __pwnedHits: unknown[] }).__pwnedHits,
    unsafeUrls,
    handlers,
    embedded,
    foreignScripts,
  };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => (window.history.state as { key?: string } | null)?.key?.length === 6);

/** Opens every expandable tree, clicks every tab and hovers every link, where payloads would fire. */
async function exercise(page: Page): Promise<void> {
  // Opening a tree reveals the trees nested in it: a few rounds open them all. Each round clicks every visible
  // closed summary in the page (a real click event, as a reader's), then lets the page render what it revealed:
  // one round trip a round, not one per summary.
  for (let round = 0; round < 4; round++) {
    const clicked = await page.evaluate(async () => {
      const closed = [...document.querySelectorAll<HTMLElement>('main details:not([open]) > summary')].filter((s) =>
        s.checkVisibility(),
      );
      for (const summary of closed) summary.click();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return closed.length;
    });
    if (clicked === 0) break;
  }
  for (const tab of await page.locator('main [role="tab"]:visible').all()) {
    await tab.click({ timeout: 2_000 }).catch(() => {});
    await tab.press('ArrowRight', { timeout: 2_000 }).catch(() => {});
  }
  // Pointer and focus events on every link, dispatched in the page: what a hover or a tab would fire (inline
  // handlers, the runtime's prefetch on intent), without a second of waiting per link the pointer cannot reach.
  await page.evaluate(() => {
    for (const link of document.querySelectorAll('main a')) {
      for (const type of ['pointerover', 'mouseover', 'mouseenter', 'mousemove'])
        link.dispatchEvent(new MouseEvent(type, { bubbles: type !== 'mouseenter' }));
      (link as HTMLElement).focus();
    }
  });
  // Failed image loads and toggle events fire asynchronously.
  await page.waitForTimeout(150);
}

describe('hostile text from the OpenAPI document is inert', () => {
  it('builds a page for the intro, each tag and each operation', () => {
    expect(apiPaths).toContain('/docs/api');
    expect(apiPaths.length).toBeGreaterThanOrEqual(8);
    console.log(
      `[issue 8] hostile payloads in tests/fixtures/api-hostile: ${payloads}, on ${apiPaths.length} API pages`,
    );
  });

  it('runs no payload on any API page, loaded directly or reached by client-side navigation', async () => {
    const context = await browser.newContext();
    await context.addInitScript(trapPayloads);
    const dialogs: string[] = [];
    const errors: string[] = [];
    context.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));

    const visited: string[] = [];
    const check = async (label: string) => {
      await exercise(page);
      const traces = await page.evaluate(findTraces);
      expect(traces, label).toEqual({ hits: [], unsafeUrls: [], handlers: [], embedded: [], foreignScripts: [] });
      visited.push(label);
    };

    // 1. Each page as the server rendered it, hydrated.
    for (const p of apiPaths) {
      await page.goto(`${site.url}${p}`);
      await hydrated(page);
      await check(`load ${p}`);
    }
    // 2. Each page rendered in the browser from its route chunk: intro → tag → operation and back, by clicking.
    const arrive = (want: string) =>
      page.waitForFunction((p) => location.pathname === p && document.querySelector('main h1') !== null, want);
    const clickTo = async (target: string): Promise<boolean> => {
      const link = page.locator(`main a[href="${target}"]:visible`).first();
      if ((await link.count()) === 0) return false;
      await link.click();
      await arrive(target);
      await check(`navigate ${target}`);
      return true;
    };
    await page.goto(`${site.url}/docs/api`);
    await hydrated(page);
    for (const tag of tagPaths) {
      expect(await clickTo(tag), `the intro links ${tag}`).toBe(true);
      for (const op of operationPaths) {
        if (!(await clickTo(op))) continue;
        await page.goBack();
        await arrive(tag);
      }
      await page.goBack();
      await arrive('/docs/api');
      await check('back to /docs/api');
    }
    const navigated = new Set(visited.filter((v) => v.startsWith('navigate ')).map((v) => v.slice('navigate '.length)));
    expect([...navigated].sort()).toEqual([...tagPaths, ...operationPaths].sort());

    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the payloads as text or as inert markup, where a reader can see them', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/docs/api`);
    await hydrated(page);
    const text = (await page.textContent('main')) ?? '';
    // Raw HTML is sanitised (src/apiref/raw-html.ts): a link to javascript: is its text, the details element stays
    // one without its handler, script and frames are left out with what they hold.
    expect(text).toContain('raw anchor');
    expect(await page.locator('main a', { hasText: 'raw anchor' }).count()).toBe(0);
    expect(await page.locator('main details', { hasText: 'toggle' }).count()).toBe(1);
    expect(await page.locator('main [ontoggle], main iframe, main svg script').count()).toBe(0);
    expect(text).not.toContain('window.__pwned=13');
    expect(text).toContain('javascript:alert(28)');
    // Unsafe links are reduced to their text; safe ones stay links.
    expect(await page.locator('main a', { hasText: 'javascript: link' }).count()).toBe(0);
    expect(text).toContain('javascript: link');
    await page.close();
  });

  it('escapes the payloads in every HTML file and serves the document downloads as data, not HTML', async () => {
    const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.html'));
    for (const f of files) {
      const html = await fs.readFile(path.join(outDir, f), 'utf8');
      expect(html, f).not.toMatch(/<(script|img|svg|iframe|details|b)\b[^>]*(__pwned|onerror|onload|onmouseover)/i);
      expect(html, f).not.toMatch(/\s(href|src|action)="\s*(javascript|vbscript):/i);
    }
    for (const [file, type] of [
      ['/openapi/hostile.json', 'application/json; charset=utf-8'],
      ['/openapi/hostile.yaml', 'application/yaml; charset=utf-8'],
    ]) {
      const res = await fetch(`${site.url}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
