import type { PageData, RouteKind } from '../../templates/shared/types.js';
import type { SourceLink } from '../content/compile.js';

/** Template components in templates/pages/, by file name. */
export type TemplateName =
  | 'DocPage'
  | 'PlainPage'
  | 'TagsIndexPage'
  | 'TagPage'
  | 'CategoryPage'
  | 'NotFoundPage'
  | 'ApiIntroPage'
  | 'ApiTagPage'
  | 'ApiOperationPage';

/** One entry of the route table: everything later stages need to bundle, render and check a page. */
export interface Route {
  path: string;
  kind: RouteKind;
  template: TemplateName;
  /** Source file, for messages; the config or OpenAPI file for generated routes. */
  file?: string | undefined;
  body: { type: 'mdx'; code: string } | { type: 'tsx'; file: string } | { type: 'none' };
  /** Page data without sidebar items (those are attached by sidebar id when bundling). */
  page: PageData;
  /**
   * Which sidebar's items the bundle attaches, when not `page.sidebarId` itself: the sidebars of a docs
   * version other than the last are bundled as `<version>/<sidebar id>` (issue 4 item 6).
   */
  sidebarKey?: string;
  links: SourceLink[];
  unlisted: boolean;
  /** What only the document's head shows (front matter `keywords`, `image`): not page data, which the browser loads. */
  head?: { keywords?: readonly string[]; image?: string };
}
