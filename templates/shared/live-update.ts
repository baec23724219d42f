import type { StaticNode } from './static-node.ts';
import type { PageData } from './types.ts';

/**
 * What `portal serve` sends open pages after a good rebuild (the `reload` event's data, issue 16 item 3): for
 * each locale's build, what a page needs to decide whether it can take the new build in place.
 */
export interface LiveUpdate {
  builds: LiveBuild[];
  /**
   * Sent before the build has finished, as soon as a locale's client side is ready: pages of that locale whose
   * shell it keeps take it in place; any other page waits for the final update instead of reloading into the
   * old output.
   */
  early?: boolean;
}

export interface LiveBuild {
  /** The locale's base URL: a page takes the build whose base is its site's. */
  base: string;
  /**
   * A key of what no page can take in place: the runtime, its stylesheet and the config. A page whose boot data
   * names another one loads itself again in full.
   */
  shell: string;
  /** URL of the new route -> chunk manifest: the page shows its route again from it. */
  manifest: string;
}

/**
 * `portal serve`: an edit open pages can show before any build (the `hot` event's data): a Markdown-only doc's new
 * body and page data, for each of its routes in one locale's build (src/serve/hot-body.ts).
 */
export interface HotUpdate {
  /** The locale's base URL, as in LiveBuild. */
  base: string;
  routes: HotRoute[];
}

export interface HotRoute {
  path: string;
  /** The route's page data without its sidebar (the open page keeps the one it shows). */
  page: PageData;
  /** The body as the shared Markdown template's tree (templates/shared/static-node.ts). */
  nodes: StaticNode[];
}
