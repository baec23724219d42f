import { LineCounter, parseDocument, isMap, isScalar } from 'yaml';
import { z } from 'zod';
import { error, type Diagnostic } from '../diagnostics.js';

/** Docusaurus-compatible front matter keys; unknown keys are kept but not used. */
export const frontMatterSchema = z.looseObject({
  id: z
    .string()
    .regex(/^[^/]+$/, 'must not contain "/"')
    .optional(),
  title: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().optional(),
  tags: z.array(z.string()).optional(),
  description: z.string().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
});
export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface SplitResult {
  frontMatter: FrontMatter;
  /** The body with the front matter block replaced by blank lines, so compiler line numbers stay true. */
  body: string;
  diagnostics: Diagnostic[];
}

/** The front matter block: `---` lines around YAML at the very start of the file. */
export const FRONT_MATTER_FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** A YAML alias bomb expands exponentially; a real front matter needs a handful of aliases at most. */
const MAX_ALIASES = 50;
const MAX_FRONT_MATTER_BYTES = 64 * 1024;

/** Pure: splits and validates the front matter of one source file. */
export function parseFrontMatter(source: string, file: string): SplitResult {
  const match = FRONT_MATTER_FENCE.exec(source);
  if (!match) return { frontMatter: {}, body: source, diagnostics: [] };
  const yamlText = match[1] ?? '';
  const body = '\n'.repeat(match[0].split('\n').length - 1) + source.slice(match[0].length);
  const fail = (message: string, line?: number, hint = 'fix the YAML between the two --- lines'): SplitResult => ({
    frontMatter: {},
    body,
    diagnostics: [error('front-matter-invalid', message, { file, line, hint })],
  });
  if (yamlText.length > MAX_FRONT_MATTER_BYTES)
    return fail(`front matter is larger than ${MAX_FRONT_MATTER_BYTES / 1024} KB`, 2);

  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    // The YAML starts on the file's line 2, after the opening `---`.
    const line = lineCounter.linePos(yamlError.pos[0]).line + 1;
    return fail(`invalid front matter YAML: ${yamlError.message.split('\n')[0]}`, line);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES }) ?? {};
  } catch (err) {
    return fail(
      `invalid front matter YAML: ${(err as Error).message}`,
      2,
      'remove the YAML aliases (*name); front matter needs none',
    );
  }
  if (typeof data !== 'object' || Array.isArray(data))
    return fail('front matter must be a mapping of keys to values', 2);

  const parsed = frontMatterSchema.safeParse(data);
  if (parsed.success) return { frontMatter: parsed.data, body, diagnostics: [] };
  const keyLine = (key: PropertyKey | undefined): number | undefined => {
    if (!isMap(doc.contents)) return undefined;
    const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key);
    const offset = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    return offset === undefined ? undefined : lineCounter.linePos(offset).line + 1;
  };
  return {
    frontMatter: {},
    body,
    diagnostics: parsed.error.issues.map((issue) =>
      error('front-matter-invalid', `front matter field "${issue.path.join('.')}": ${issue.message}`, {
        file,
        line: keyLine(issue.path[0]),
        hint: 'see the front matter keys in site/README.md',
      }),
    ),
  };
}
