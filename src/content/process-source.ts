import type { Diagnostic } from '../diagnostics.js';
import { compileMdx, type Heading, type SourceLink } from './compile.js';
import { parseFrontMatter, type FrontMatter } from './front-matter.js';
import { checkSourceLimits } from './limits.js';

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
    links: compiled.links,
    diagnostics: [...split.diagnostics, ...compiled.diagnostics],
  };
}
