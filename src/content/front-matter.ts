import { isMap, isScalar } from 'yaml';
// zod's smaller build: the compile workers load this module, and the full one cost each start ~40 ms of a ~0.4 s
// start (the front matter needs none of its methods). Its messages are the full build's with the English locale.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { error, type Diagnostic } from '../diagnostics.js';
import { FRONT_MATTER_FENCE } from './front-matter-fence.js';
import { readSmallYaml } from './small-yaml.js';

z.config(en());

const optionalLevel = z.optional(z.number().check(z.int(), z.minimum(2), z.maximum(6)));

/** Docusaurus-compatible front matter keys; unknown keys are kept but not used. */
export const frontMatterSchema = z.looseObject({
  id: z.optional(z.string().check(z.regex(/^[^/]+$/, 'must not contain "/"'))),
  title: z.optional(z.string()),
  sidebar_label: z.optional(z.string()),
  sidebar_position: z.optional(z.number()),
  slug: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  description: z.optional(z.string()),
  draft: z.optional(z.boolean()),
  unlisted: z.optional(z.boolean()),
  hide_table_of_contents: z.optional(z.boolean()),
  toc_min_heading_level: optionalLevel,
  toc_max_heading_level: optionalLevel,
  // Docusaurus's keys for the page around the content: the title shown, the previous/next links, the edit link
  // and the head's keywords and social card.
  hide_title: z.optional(z.boolean()),
  pagination_label: z.optional(z.string()),
  pagination_next: z.optional(z.nullable(z.string())),
  pagination_prev: z.optional(z.nullable(z.string())),
  custom_edit_url: z.optional(z.nullable(z.string())),
  keywords: z.optional(z.array(z.string())),
  image: z.optional(z.string()),
  displayed_sidebar: z.optional(z.nullable(z.string())),
});
export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface SplitResult {
  frontMatter: FrontMatter;
  /** The body with the front matter block replaced by blank lines, so compiler line numbers stay true. */
  body: string;
  diagnostics: Diagnostic[];
}

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

  // The usual front matter (`key: plain value` lines) needs no YAML parser; anything else, or a value the schema
  // refuses (its message names the line), takes the full parse below.
  const quick = quickFrontMatter(yamlText);
  const quickParsed = quick && frontMatterSchema.safeParse(quick);
  if (quickParsed?.success) return { frontMatter: quickParsed.data, body, diagnostics: [] };

  const read = readSmallYaml(yamlText, MAX_ALIASES);
  // The YAML starts on the file's line 2, after the opening `---`.
  if (read.kind === 'syntax') return fail(`invalid front matter YAML: ${read.problem}`, read.line + 1);
  if (read.kind === 'aliases')
    return fail(
      `invalid front matter YAML: ${read.problem}`,
      2,
      'remove the YAML aliases (*name); front matter needs none',
    );
  const { data, doc, lines: lineCounter } = read;
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

/** A key as front matter writes them. */
const QUICK_LINE = /^([A-Za-z][A-Za-z0-9_]*): (\S(?:.*\S)?)$/;
/**
 * A plain scalar YAML reads as a string whatever it holds: no indicator first, no `: ` or ` #` inside (a mapping,
 * a comment), no tab, and nothing YAML's core schema would make a number, a boolean or null.
 */
const QUICK_STRING =
  /^(?![-?:,[\]{}#&*!|>'"%@`\s.+~]|[0-9]|(?:true|false|null|True|False|Null|TRUE|FALSE|NULL)$)(?!.*(?:: |\s#|\t))[^\t]*[^:\s]$/;
/** An item of a flow list of words: `[themes, liquidjs]`. */
const QUICK_ITEM = /^[A-Za-z_][A-Za-z0-9_./-]*(?: [A-Za-z0-9_./-]+)*$/;

/**
 * Front matter of `key: value` lines, each value a plain string, a whole number, true, false or a flow list of
 * words, read without a YAML parser (loading and running one was a twentieth of a cold compile): the value YAML's
 * core schema gives, or undefined for anything else, which the full parse then reads (the unit test holds the two
 * to each other).
 */
export function quickFrontMatter(yamlText: string): Record<string, unknown> | undefined {
  // Control characters, NBSP, BOM and the Unicode line separators: whatever YAML makes of them, the full parse says.
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u00a0\u2028\u2029\ufeff]/.test(yamlText)) return undefined;
  const data: Record<string, unknown> = {};
  for (const line of yamlText.split('\n')) {
    if (line === '') continue;
    const match = QUICK_LINE.exec(line);
    if (!match) return undefined;
    const [, key = '', value = ''] = match;
    // A key is a scalar too: YAML reads `null: x` as the key "".
    if (Object.hasOwn(data, key) || !QUICK_STRING.test(key)) return undefined;
    const read = quickValue(value);
    if (read === undefined) return undefined;
    data[key] = read;
  }
  return data;
}

function quickValue(value: string): unknown {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^[0-9]{1,15}$/.test(value)) return Number(value);
  if (value.startsWith('[') && value.endsWith(']')) {
    const items = value
      .slice(1, -1)
      .split(',')
      .map((item) => item.trim());
    if (items.length === 1 && items[0] === '') return [];
    return items.every((item) => QUICK_ITEM.test(item) && QUICK_STRING.test(item)) ? items : undefined;
  }
  return QUICK_STRING.test(value) ? value : undefined;
}
