import { FRONT_MATTER_FENCE } from '../content/front-matter-fence.js';
import type { OutputFile } from '../output/write.js';
import type { Route } from '../routes/route.js';

/** Where a page's Markdown source is published: beside the page, `/docs/intro` → `docs/intro.md`. */
export const markdownFileFor = (routePath: string): string =>
  routePath === '/' ? 'index.md' : `${routePath.slice(1)}.md`;

/**
 * A source's body without its front matter, trimmed: `parseFrontMatter(text, file).body.trim()` without
 * parsing the YAML again, which was most of the time of publishing a large site's Markdown. The fence is
 * all that decides the body (tests/unit/publish/markdown-sources.test.ts holds the two together).
 */
export function sourceBody(sourceText: string): string {
  const block = FRONT_MATTER_FENCE.exec(sourceText);
  return (block ? sourceText.slice(block[0].length) : sourceText).trim();
}

/**
 * A doc as Markdown for readers and language models: its source without front matter, under its title as a
 * `# heading` when the body has none, with its description as the first paragraph.
 */
export function docMarkdown(route: Route, sourceText: string): string {
  const body = sourceBody(sourceText);
  // A `#` line before the first code fence: the doc's own title (a `#` inside a code block is not one).
  const fence = body.search(/\n(?=```)/);
  const hasTitle = /^#\s/m.test(fence < 0 ? body : body.slice(0, fence));
  const head = hasTitle
    ? ''
    : `# ${route.page.title}\n\n${route.page.description ? `${route.page.description}\n\n` : ''}`;
  return `${head}${body}\n`;
}

/**
 * Each doc route's Markdown (`docMarkdown`), made once per route: the Markdown sources and llms-full.txt
 * both publish it. Routes that are not docs with a source have none.
 */
export function docMarkdownOf(sourceOf: (file: string) => string | undefined): (route: Route) => string | undefined {
  const made = new Map<Route, string | undefined>();
  return (route) => {
    if (made.has(route)) return made.get(route);
    const text = route.kind === 'doc' && route.file ? sourceOf(route.file) : undefined;
    const markdown = text === undefined ? undefined : docMarkdown(route, text);
    made.set(route, markdown);
    return markdown;
  };
}

/** Each doc's Markdown source beside its page (issue 7), for every doc route with a Markdown file. */
export function buildMarkdownSources(
  routes: readonly Route[],
  markdownOf: (route: Route) => string | undefined,
): OutputFile[] {
  return routes.flatMap((route) => {
    const markdown = markdownOf(route);
    return markdown === undefined ? [] : [{ path: markdownFileFor(route.path), contents: markdown }];
  });
}
