import type { Diagnostic } from '../diagnostics.js';
import { compileMdx, type Heading, type SourceLink } from './compile.js';
import { parseFrontMatter, type FrontMatter } from './front-matter.js';
import { frontMatterKeyLine } from './front-matter-lines.js';
import { checkSourceLimits } from './limits.js';
import { isExternalUrl } from '../../templates/shared/urls.js';

export interface ProcessedSource {
  frontMatter: FrontMatter;
  code: string;
  headings: Heading[];
  links: SourceLink[];
  diagnostics: Diagnostic[];
}

/** Everything done to one Markdown/MDX file before routing: limits, front matter, compile. Pure apart from CPU. */
export async function processSource(text: string, file: string): Promise<ProcessedSource> {
  const limits = checkSourceLimits(text, file);
  if (limits.length) return { frontMatter: {}, code: '', headings: [], links: [], diagnostics: limits };
  const split = parseFrontMatter(text, file);
  const compiled = await compileMdx(split.body, file);
  return {
    frontMatter: split.frontMatter,
    code: compiled.code,
    headings: compiled.headings,
    links: [...frontMatterLinks(split.frontMatter, text), ...compiled.links],
    diagnostics: [...split.diagnostics, ...compiled.diagnostics],
  };
}

/**
 * The front matter's `image` (a page's own social card) as an image link, so the link check finds a missing file
 * like any other: a path under site/static, with or without its leading `/` (Docusaurus writes both).
 */
function frontMatterLinks(fm: FrontMatter, text: string): SourceLink[] {
  if (!fm.image) return [];
  return [
    {
      // A URL (https:, or a javascript: one the check refuses) as written.
      url: isExternalUrl(fm.image) ? fm.image : `/${fm.image.replace(/^\/+/, '')}`,
      kind: 'image',
      where: 'front matter `image`',
      line: frontMatterKeyLine(text, 'image'),
    },
  ];
}
