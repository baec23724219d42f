import type { PageData, SiteData } from '../../templates/shared/types.js';
import { safeJson } from '../safe-json.js';
import { escapeHtml } from '../html-entities.js';
import { toHref } from '../routes/slug.js';
import { socialMetaTags } from './social-meta.js';
import type { BootData } from '../../templates/shared/boot-data.js';
import { ANNOUNCEMENT_KEY, LEGACY_ANNOUNCEMENT_KEY, THEME_KEY } from '../../templates/shared/storage-keys.js';

/**
 * Runs before first paint so the right colour mode and a dismissed announcement bar never flash (spec §4,
 * issue 3 items 6–7). Same keys and formats as templates/shell/color-mode.tsx and announcement.ts: the
 * theme under `theme`; the dismissal as `{"id": …, "dismissed": true}` under `announcement-bar`, moved
 * there from the older misspelt key first. Storage access may throw; the defaults then hold.
 */
export function colorModeScript(site: SiteData): string {
  const { defaultMode, respectPrefersColorScheme, disableSwitch } = site.colorMode;
  const bar = site.announcementBar;
  const fallback = respectPrefersColorScheme
    ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`
    : JSON.stringify(defaultMode);
  // With the switch disabled a stored choice cannot be changed by the reader, so it is not honoured.
  const stored = disableSwitch ? '' : `try{s=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}`;
  const theme = `var d=document.documentElement,s=null;${stored}d.setAttribute('data-theme',s==='light'||s==='dark'?s:${fallback});`;
  const announcement = bar?.isCloseable
    ? `try{var l=localStorage,k=${JSON.stringify(ANNOUNCEMENT_KEY)},o=${JSON.stringify(LEGACY_ANNOUNCEMENT_KEY)},a=l.getItem(k),b=l.getItem(o);` +
      `if(b!==null){if(a===null){l.setItem(k,b);a=b}l.removeItem(o)}` +
      `var v=a&&JSON.parse(a);if(v&&v.id===${safeJson(bar.id)}&&v.dismissed===true)d.setAttribute('data-announcement-dismissed','true')}catch(e){}`
    : '';
  return `(function(){${theme}${announcement}})()`;
}

export interface DocumentOptions {
  site: SiteData;
  page: PageData;
  htmlLang: string;
  css: string;
  runtime: string;
  preload: string[];
  boot: BootData;
  /** Absolute canonical URL. */
  canonical: string;
  /** Absolute URL of the social card image (issue 7). */
  image?: string | undefined;
  /** The page's keywords (front matter `keywords`), for `<meta name="keywords">`. */
  keywords?: readonly string[] | undefined;
}

/**
 * Render stage, document side: the complete HTML before and after a page's body, as two strings, so a caller that
 * writes the page as bytes never joins the three (output/utf8.ts).
 */
export function documentAround(o: DocumentOptions): [head: string, tail: string] {
  const { site, page } = o;
  const title = page.title && page.title !== site.title ? `${page.title} | ${site.title}` : site.title;
  const description = page.description ?? site.tagline;
  const favicon = site.favicon ? toHref(`/${site.favicon.replace(/^\//, '')}`, site.baseUrl, undefined) : undefined;
  return [
    `<!doctype html>
<html lang="${escapeHtml(o.htmlLang)}" data-theme="${site.colorMode.defaultMode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${description ? `<meta name="description" content="${escapeHtml(description)}">\n` : ''}${o.keywords?.length ? `<meta name="keywords" content="${escapeHtml(o.keywords.join(', '))}">\n` : ''}<link rel="canonical" href="${escapeHtml(o.canonical)}">
${socialMetaTags({ title, description, url: o.canonical, siteName: site.title, kind: page.kind, image: o.image })}${favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">\n` : ''}<script>${colorModeScript(site)}</script>
<link rel="stylesheet" href="${escapeHtml(o.css)}">
<link rel="modulepreload" href="${escapeHtml(o.runtime)}">
${o.preload.map((p) => `<link rel="modulepreload" href="${escapeHtml(p)}">`).join('\n')}
</head>
<body>
<div id="__portal">`,
    `</div>
${BOOT_DATA_OPEN}${safeJson(o.boot)}</script>
<script type="module" src="${escapeHtml(o.runtime)}"></script>
</body>
</html>
`,
  ];
}

const BOOT_DATA_OPEN = '<script id="__PORTAL_DATA__" type="application/json">';

/** The boot data of a page this module wrote, read back; undefined for any other HTML. */
export function bootDataOf(html: string): BootData | undefined {
  const start = html.indexOf(BOOT_DATA_OPEN);
  const end = start === -1 ? -1 : html.indexOf('</script>', start);
  if (end === -1) return undefined;
  try {
    const boot = JSON.parse(html.slice(start + BOOT_DATA_OPEN.length, end)) as unknown;
    return boot && typeof boot === 'object' ? (boot as BootData) : undefined;
  } catch {
    return undefined;
  }
}
