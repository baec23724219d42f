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
