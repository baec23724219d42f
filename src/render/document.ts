import type { PageData, SiteData } from '../../templates/types.js';
import { safeJson } from '../bundle/route-modules.js';
import { toHref } from '../routes/slug.js';
import type { BootData } from '../../templates/client/boot-data.js';

export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Runs before first paint so the right colour mode (and a dismissed announcement bar) never flashes
 * (issue 3). Reads storage defensively: storage access may throw.
 */
export function colorModeScript(site: SiteData): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const bar = site.announcementBar;
  return `(function(){var d=document.documentElement,s=null,m;try{s=localStorage.getItem('theme')}catch(e){}m=s==='light'||s==='dark'?s:${respectPrefersColorScheme ? `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')` : JSON.stringify(defaultMode)};d.dataset.theme=m;${
    bar ? `try{var a=localStorage.getItem('announcement-bar')||localStorage.getItem('annoucement-bar');if(a&&JSON.parse(a).id===${JSON.stringify(bar.id)}&&JSON.parse(a).dismissed)d.dataset.announcementDismissed='true'}catch(e){}` : ''
  }})()`;
}

export interface DocumentOptions {
  site: SiteData;
  page: PageData;
  body: string;
  htmlLang: string;
  css: string;
  runtime: string;
  preload: string[];
  boot: BootData;
  /** Absolute canonical URL. */
  canonical: string;
}

/** Render stage, document side: the complete HTML around a rendered body. */
export function renderDocument(o: DocumentOptions): string {
  const { site, page } = o;
  const title = page.title && page.title !== site.title ? `${page.title} | ${site.title}` : site.title;
  const description = page.description ?? site.tagline;
  const favicon = site.favicon ? toHref(`/${site.favicon.replace(/^\//, '')}`, site.baseUrl, undefined) : undefined;
  return `<!doctype html>
<html lang="${escapeHtml(o.htmlLang)}" data-theme="${site.colorMode.defaultMode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${description ? `<meta name="description" content="${escapeHtml(description)}">\n` : ''}<link rel="canonical" href="${escapeHtml(o.canonical)}">
<meta property="og:title" content="${escapeHtml(title)}">
${description ? `<meta property="og:description" content="${escapeHtml(description)}">\n` : ''}<meta property="og:url" content="${escapeHtml(o.canonical)}">
${favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">\n` : ''}<script>${colorModeScript(site)}</script>
<link rel="stylesheet" href="${escapeHtml(o.css)}">
<link rel="modulepreload" href="${escapeHtml(o.runtime)}">
${o.preload.map((p) => `<link rel="modulepreload" href="${escapeHtml(p)}">`).join('\n')}
</head>
<body>
<div id="__portal">${o.body}</div>
<script id="__PORTAL_DATA__" type="application/json">${safeJson(o.boot)}</script>
<script type="module" src="${escapeHtml(o.runtime)}"></script>
</body>
</html>
`;
}
