import type { LoadedRoute } from '../shell/App.tsx';
import type { HotUpdate, LiveUpdate } from '../shared/live-update.ts';

/** What the open page is, for deciding how it takes a rebuild. */
export interface LivePage {
  /** Its site's base URL (which locale's build is its own). */
  base: string;
  /** The shell key in its boot data. */
  shell: string | undefined;
  /**
   * Shows the current route again from a new manifest, in place; resolves false when the page cannot (its
   * route is gone), and rejects when loading fails. Undefined until the page is hydrated.
   */
  refresh?: ((manifest: string) => Promise<boolean>) | undefined;
  /** Shows the route `change` makes of the shown one, when `path` is shown (Navigator.edit). */
  edit?: ((path: string, change: (shown: LoadedRoute) => LoadedRoute | undefined) => void) | undefined;
}

/**
 * An edited body shown before its rebuild (HotUpdate): the shown route with the new page data and body, its
 * sidebar and template kept; undefined when the update is not for this locale or the route has no Markdown template.
 */
export function hotRoute(update: HotUpdate, base: string, path: string, shown: LoadedRoute): LoadedRoute | undefined {
  const edited = update.base === base ? update.routes.find((r) => r.path === path) : undefined;
  if (!edited || !shown.hotContent) return undefined;
  const { sidebar } = shown.page;
  return {
    ...shown,
    page: sidebar ? { ...edited.page, sidebar } : edited.page,
    Content: shown.hotContent(edited.nodes),
  };
}

/**
 * How a page takes a rebuild: in place from the new manifest (`refresh`) when the build is of the same
 * shell as the page, otherwise by loading itself again (`reload`), as when the event says nothing it knows;
 * an early update it cannot take is left for the final one (`wait`).
 */
export function liveAction(
  data: string,
  page: Pick<LivePage, 'base' | 'shell'>,
): { manifest: string } | 'reload' | 'wait' {
  let update: Partial<LiveUpdate> | undefined;
  try {
    update = JSON.parse(data) as Partial<LiveUpdate>;
  } catch {
    return 'reload';
  }
  const build = Array.isArray(update?.builds) ? update.builds.find((b) => b.base === page.base) : undefined;
  if (build && page.shell !== undefined && build.shell === page.shell && typeof build.manifest === 'string')
    return { manifest: build.manifest };
  return update?.early === true ? 'wait' : 'reload';
}

/**
 * `portal serve` only: takes each finished rebuild in place where it can (issue 16 item 3), reloads where it
 * cannot, and shows build errors as an overlay. Rebuilds are taken one at a time, and only the latest of those
 * that arrive while one is being shown.
 */
export function connectLiveReload(url: string, page: LivePage): void {
  const source = new EventSource(url);
  const reload = (): void => window.location.reload();
  let latest = 0;
  let queue: Promise<void> = Promise.resolve();
  // The build shown last: the final update of a build the page already took early names the same manifest.
  let shownManifest: string | undefined;
  source.addEventListener('reload', (event) => {
    const data = (event as MessageEvent<string>).data;
    const n = ++latest;
    queue = queue.then(async () => {
      if (n !== latest) return;
      const action = liveAction(data, page);
      if (action === 'wait') return;
      if (action === 'reload' || !page.refresh) return reload();
      if (action.manifest === shownManifest) return;
      const shown = await page.refresh(action.manifest).catch((err: unknown) => {
        console.error('Portal: showing the rebuilt page in place failed; loading it in full.', err);
        return false;
      });
      if (!shown) return reload();
      shownManifest = action.manifest;
    });
  });
  // Not queued behind rebuilds: a refresh under way leaves the page alone once an edit is shown (Navigator.refresh).
  source.addEventListener('hot', (event) => {
    let update: HotUpdate;
    try {
      update = JSON.parse((event as MessageEvent<string>).data) as HotUpdate;
    } catch {
      return;
    }
    for (const { path } of update.routes) page.edit?.(path, (shown) => hotRoute(update, page.base, path, shown));
  });
  source.addEventListener('build-error', (event) => showOverlay((event as MessageEvent<string>).data));
  source.addEventListener('build-ok', () => document.getElementById('portal-error-overlay')?.remove());
}

function showOverlay(message: string): void {
  let overlay = document.getElementById('portal-error-overlay');
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = 'portal-error-overlay';
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:9999;background:rgba(20,0,0,.92);color:#fff;padding:2rem;overflow:auto;font:14px/1.5 ui-monospace,monospace';
    document.body.append(overlay);
  }
  const title = document.createElement('h2');
  title.textContent = 'Build failed';
  title.style.cssText = 'color:#ff8080;margin-top:0';
  const pre = document.createElement('pre');
  pre.textContent = message;
  pre.style.whiteSpace = 'pre-wrap';
  const hint = document.createElement('p');
  hint.textContent = 'Fix the file and save: this overlay clears when the build succeeds.';
  overlay.replaceChildren(title, pre, hint);
}
