import type { Route } from '../routes/route.js';
import { absoluteFileUrl, absoluteUrl, type SiteAddress } from './public-routes.js';
import { markdownFileFor } from './markdown-sources.js';

export interface LlmsOptions {
  /** Public routes of the current docs version, in the order to list them. */
  routes: readonly Route[];
  site: SiteAddress & { title: string; tagline: string };
  /** Section title of a sidebar id (`api` → `API reference`); routes without a sidebar go under `Pages`. */
  sectionTitle: (sidebarId: string) => string;
  sourceOf: (file: string) => string | undefined;
  /** A doc's Markdown (`docMarkdown`), undefined for routes without one. */
  markdownOf: (route: Route) => string | undefined;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * `llms.txt` (the llmstxt.org layout): the site's title, its tagline as the summary, then one section per
 * sidebar listing each doc (by its Markdown source) and API page with its description.
 */
export function buildLlmsTxt(o: LlmsOptions): string {
  const sections = new Map<string, string[]>();
  for (const route of o.routes) {
    if (route.kind === 'tags-index' || route.kind === 'tag' || route.kind === 'category') continue; // lists of links, no content of their own
    const title = route.page.sidebarId ? o.sectionTitle(route.page.sidebarId) : route.kind === 'doc' ? 'Docs' : 'Pages';
    const hasSource = route.kind === 'doc' && route.file !== undefined && o.sourceOf(route.file) !== undefined;
    const url = hasSource ? absoluteFileUrl(o.site, markdownFileFor(route.path)) : absoluteUrl(o.site, route.path);
    const line = `- [${oneLine(route.page.title).replace(/[[\]]/g, '')}](${url})${route.page.description ? `: ${oneLine(route.page.description)}` : ''}`;
    const lines = sections.get(title);
    if (lines) lines.push(line);
    else sections.set(title, [line]);
  }
  const body = [...sections].map(([title, lines]) => `## ${title}\n\n${lines.join('\n')}`).join('\n\n');
  const full = absoluteFileUrl(o.site, 'llms-full.txt');
  return `# ${o.site.title}\n\n${o.site.tagline ? `> ${oneLine(o.site.tagline)}\n\n` : ''}Documentation of ${o.site.title}. Every doc below links to its Markdown source; all of them in one file: ${full}\n\n${body}\n`;
}

/** `llms-full.txt`: the Markdown of every doc, one after the other, each headed by its URL. */
export function buildLlmsFullTxt(o: LlmsOptions): string {
  const docs = o.routes.flatMap((route) => {
    const markdown = o.markdownOf(route);
    return markdown === undefined ? [] : [`<!-- Source: ${absoluteUrl(o.site, route.path)} -->\n\n${markdown}`];
  });
  return `# ${o.site.title}\n\n${o.site.tagline ? `> ${oneLine(o.site.tagline)}\n\n` : ''}${docs.join('\n---\n\n')}`;
}
