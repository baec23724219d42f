/** What every HTML page tells the runtime about itself, in `<script id="__PORTAL_DATA__" type="application/json">`. */
export interface BootData {
  path: string;
  /** URL of this route's chunk. */
  chunk: string;
  /** URL of the route -> chunk manifest, fetched on the first navigation. */
  manifest: string;
  /** URL prefix of the asset folder, e.g. `/_portal/`. */
  assets: string;
  /** Live-reload endpoint under `portal serve`. */
  liveReload?: string;
  /** Under `portal serve`: the shell key of the build this page comes from (LiveBuild in live-update.ts). */
  shell?: string;
}
