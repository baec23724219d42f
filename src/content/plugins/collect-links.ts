import type { Root } from 'mdast';
import { walk, type WalkNode } from './walk.js';
import { SCRIPT_SCHEMES, urlScheme } from '../../routes/url-scheme.js';

export interface SourceLink {
  url: string;
  /** The URL as the source wrote it, where the route stage resolved it to `url` (route-table.ts): for messages. */
  written?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  kind: 'link' | 'image';
  /** Where a generated page's link comes from, for messages: `the description at #/paths/~1orders/get/description`. */
  where?: string | undefined;
  /** Line and column found only when a message needs them (locating a JSON pointer may re-parse a document). */
  locate?: (() => { line?: number | undefined; column?: number | undefined }) | undefined;
  /**
   * The JSON pointer `locate` finds, for a link of an OpenAPI document's description: kept as data, so an API
   * reference read back from the disk cache (which holds no functions) gets its `locate` made again.
   */
  pointer?: string | undefined;
  /** A broken target only warns: links of an OpenAPI document previewed with `--openapi` point at another site. */
  lenient?: boolean | undefined;
}

/** Records every Markdown link, definition and image with its position, for the link check. */
export function remarkCollectLinks(options: { out: SourceLink[] }) {
  return (tree: Root) => {
    walk(tree as WalkNode, (walked) => {
      const node = walked as Root['children'][number];
      if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
        options.out.push({
          url: node.url,
          line: node.position?.start.line,
          column: node.position?.start.column,
          kind: node.type === 'image' ? 'image' : 'link',
        });
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        options.out.push(...unsafeJsxUrls(node as unknown as JsxElement));
      }
    });
  };
}

interface JsxElement {
  name: string | null;
  attributes: Array<{ type: string; name?: string; value?: unknown }>;
  position?: { start: { line: number; column: number } } | undefined;
}

/** JSX attributes that browsers follow as URLs, and `to` of a Link (Docusaurus's), which becomes an href. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction', 'xlinkHref', 'xlink:href', 'poster', 'to']);

/**
 * issue 8: `<a href="javascript:…">` written as JSX is refused like a Markdown link. Only literal values that
 * run script are reported (the link check then refuses them); other JSX URLs are not link-checked.
 */
function unsafeJsxUrls(node: JsxElement): SourceLink[] {
  return node.attributes.flatMap((attr) => {
    if (
      attr.type !== 'mdxJsxAttribute' ||
      !attr.name ||
      !URL_ATTRIBUTES.has(attr.name) ||
      typeof attr.value !== 'string'
    )
      return [];
    const scheme = urlScheme(attr.value);
    if (!scheme || !(SCRIPT_SCHEMES.has(scheme) || (scheme === 'data' && attr.name !== 'src'))) return [];
    return [
      {
        url: attr.value,
        line: node.position?.start.line,
        column: node.position?.start.column,
        kind: 'link' as const,
        where: `the ${attr.name} attribute of <${node.name ?? ''}>`,
      },
    ];
  });
}
