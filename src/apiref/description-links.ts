import type { SafeHtml } from '../../templates/shared/api-model.js';
import type { SourceLink } from '../content/plugins/collect-links.js';
import { toPointer } from './locate.js';
import { decodeEntities } from '../html-entities.js';
import { isObject } from './raw.js';

/** A link or image in a Markdown description of the OpenAPI document, and the page it shows on. */
export interface DescriptionLink {
  url: string;
  kind: 'link' | 'image';
  /** JSON pointer of the description, e.g. `#/paths/~1orders/get/description`. */
  pointer: string;
  /** The operation, the tag or (anything else) the introduction: whose page relative links resolve against. */
  owner:
    | { type: 'operation'; webhook: boolean; path: string; method: string }
    | { type: 'tag'; name: string }
    | { type: 'document' };
}

/** Values that are data, not documentation: a `description` inside them is not Markdown of the document. */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const', 'value']);
/** Maps whose keys are names the author chose (a property called `value`), not OpenAPI fields. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'headers',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'securitySchemes',
  'callbacks',
]);
/** Extensions whose text the portal renders as Markdown. */
const MARKDOWN_EXTENSIONS = new Set(['x-topics']);

/**
 * Check stage, API half (issue 5): every link and image in the document's Markdown (`description`s and
 * `x-topics` content), with the JSON pointer of its text, for the link check. `render` is the model's
 * memoised Markdown renderer, so each text is parsed once for the page and the check together, and the
 * links are exactly those the page shows (unsafe URLs were already dropped by the renderer).
 */
export function collectDescriptionLinks(
  doc: unknown,
  render: (markdown: string) => SafeHtml | undefined,
): DescriptionLink[] {
  const links: DescriptionLink[] = [];
  const walk = (node: unknown, path: Array<string | number>): void => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...path, i]);
      return;
    }
    if (!isObject(node)) return;
    const names = NAME_MAPS.has(String(path[path.length - 1]));
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') {
        const isMarkdown = !names && (key === 'description' || (key === 'content' && path[0] === 'x-topics'));
        // Only text with a Markdown link or definition can hold one: skip the render for the rest.
        if (isMarkdown && (value.includes('](') || value.includes(']:'))) {
          const html = render(value);
          if (html)
            for (const found of linksIn(html))
              links.push({ ...found, pointer: toPointer([...path, key]), owner: ownerOf(path, doc) });
        }
        continue;
      }
      if (!names) {
        // JSON Schema `examples` is a list of data; the OpenAPI `examples` map holds Example Objects (walked).
        if (DATA_KEYS.has(key) || (key === 'examples' && Array.isArray(value))) continue;
        if (key.startsWith('x-') && !MARKDOWN_EXTENSIONS.has(key)) continue;
      }
      walk(value, [...path, key]);
    }
  };
  walk(doc, []);
  return links;
}

/** The `href`s and `src`s of rendered Markdown, entities decoded. */
function linksIn(html: SafeHtml): Array<{ url: string; kind: 'link' | 'image' }> {
  return [...html.__html.matchAll(/<(a) href="([^"]*)"|<(img) src="([^"]*)"/g)].map((m) => ({
    url: decodeEntities(m[2] ?? m[4] ?? ''),
    kind: m[3] ? 'image' : 'link',
  }));
}

function ownerOf(path: ReadonlyArray<string | number>, doc: unknown): DescriptionLink['owner'] {
  const [group, second, third] = path;
  if (
    (group === 'paths' || group === 'webhooks') &&
    typeof second === 'string' &&
    typeof third === 'string' &&
    /^(get|put|post|delete|options|head|patch|trace)$/.test(third)
  ) {
    return { type: 'operation', webhook: group === 'webhooks', path: second, method: third };
  }
  if (group === 'tags' && typeof second === 'number' && isObject(doc) && Array.isArray(doc.tags)) {
    const tag: unknown = doc.tags[second];
    if (isObject(tag) && typeof tag.name === 'string') return { type: 'tag', name: tag.name };
  }
  return { type: 'document' };
}

export interface DescriptionSourceLinkOptions {
  /** The route that shows a description's owner. */
  pathOf: (owner: DescriptionLink['owner']) => string;
  /** Line and column of a JSON pointer in the document, when it is in the main file. */
  locate?: ((pointer: string) => { line: number; column: number } | undefined) | undefined;
  /** `--openapi` preview: broken targets warn, the document was written for another site. */
  lenient?: boolean | undefined;
}

/** The links as the link check reads them, grouped by the route they show on. */
export function descriptionSourceLinks(
  links: readonly DescriptionLink[],
  options: DescriptionSourceLinkOptions,
): Map<string, SourceLink[]> {
  const byPath = new Map<string, SourceLink[]>();
  for (const link of links) {
    const path = options.pathOf(link.owner);
    const list = byPath.get(path) ?? [];
    list.push({
      url: link.url,
      kind: link.kind,
      where: `the description at ${link.pointer}`,
      pointer: link.pointer,
      locate: locateLink(link.pointer, options.locate),
      ...(options.lenient ? { lenient: true } : {}),
    });
    byPath.set(path, list);
  }
  return byPath;
}

/** A description link's `locate`: its pointer looked up in the document when a message needs a line. */
export const locateLink =
  (pointer: string, locate: DescriptionSourceLinkOptions['locate']) =>
  (): { line?: number | undefined; column?: number | undefined } =>
    locate?.(pointer) ?? {};
