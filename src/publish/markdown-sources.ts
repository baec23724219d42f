import { parseFrontMatter } from '../content/front-matter.js';
import type { OutputFile } from '../output/write.js';
import type { Route } from '../routes/route.js';

/** Where a page's Markdown source is published: beside the page, `/docs/intro` → `docs/intro.md`. */
export const markdownFileFor = (routePath: string): string => (routePath === '/' ? 'index.md' : `${routePath.slice(1)}.md`);

/**
 * A doc as Markdown for readers and language models: its source without front matter, under its title as a
 * `# heading` when the body has none, with its description as the first paragraph.
 */
export function docMarkdown(route: Route, sourceText: string): string {
  const body = parseFrontMatter(sourceText, route.file ?? '').body.trim();
  const hasTitle = /^#\s/m.test(body.split(/\n(?=```)/)[0] ?? '');
  const head = hasTitle ? '' : `# ${route.page.title}\n\n${route.page.description ? `${route.page.description}\n\n` : ''}`;
  return `${head}${body}\n`;
}

/** Each doc's Markdown source beside its page (issue 7), for every doc route with a Markdown file. */
export function buildMarkdownSources(routes: readonly Route[], sourceOf: (file: string) => string | undefined): OutputFile[] {
  return routes.flatMap((route) => {
    const text = route.kind === 'doc' && route.file ? sourceOf(route.file) : undefined;
    return text === undefined ? [] : [{ path: markdownFileFor(route.path), contents: docMarkdown(route, text) }];
  });
}
