/**
 * Draws the portal's default social card (config `image`, issue 7) once, with Chromium: the site's title and
 * tagline on the brand colour, 1200×630 as Open Graph recommends. Run it again when the title changes:
 *
 *   npx tsx scripts/social-card.ts [site/static/img/social-card.png] [width]
 *
 * Uses playwright-core with the Chromium the browser tests use (CHROMIUM_PATH, else /usr/bin/chromium).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { escapeText } from '../src/html-entities.ts';
import config from '../site/portal.config.ts';

const out = path.resolve(process.argv[2] ?? 'site/static/img/social-card.png');
const width = Number(process.argv[3] ?? 1200);

const html = `<!doctype html><html><body style="margin:0">
<div style="box-sizing:border-box;width:1200px;height:630px;padding:90px 100px;display:flex;flex-direction:column;justify-content:space-between;
  background:#2f5bd3;color:#fff;font-family:system-ui,'Segoe UI',Roboto,Ubuntu,Arial,sans-serif">
  <div style="display:flex;align-items:center;gap:28px">
    <svg width="96" height="96" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#fff"/><path d="M8 9h16v4h-6v12h-4V13H8z" fill="#2f5bd3"/></svg>
    <div style="font-size:64px;font-weight:700;letter-spacing:-1px">${escapeText(config.title)}</div>
  </div>
  <div style="font-size:44px;opacity:.92">${escapeText(config.tagline)}</div>
  <div style="font-size:30px;opacity:.8">Business API reference · Liquid theme guides · Contact guides</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: width / 1200 });
  await page.setContent(html);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, await page.screenshot({ type: 'png' }));
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await browser.close();
}
