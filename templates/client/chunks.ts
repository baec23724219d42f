import type { LoadedRoute } from '../shell/App.tsx';

/** The route path whose chunk renders any path the manifest does not know (spec §2). */
export const NOT_FOUND_PATH = '/404';

export interface RouteLoader {
  /** The route, already loaded and evaluated, for a path: lets a prefetched navigation render in the click's frame. */
  peek(path: string): LoadedRoute | undefined;
  /** Loads a path's route (the not-found route for an unknown path); rejects when the manifest or chunk fails. */
  load(path: string): Promise<LoadedRoute>;
  /** Loads one chunk by URL; a failed load is not remembered, so calling again retries. */
  loadChunk(url: string): Promise<LoadedRoute>;
  /** Whether the manifest lists the path; fetches the manifest. */
  has(path: string): Promise<boolean>;
  /** The same, without waiting: undefined while the manifest has not arrived. */
  known(path: string): boolean | undefined;
  /** The absolute URL of a listed path's chunk (undefined when not listed), for prefetch hints; fetches the manifest. */
  chunkUrl(path: string): Promise<string | undefined>;
  /**
   * `portal serve`: routes come from this manifest (a rebuild's) from now on. Chunks already loaded are kept:
   * their names are hashes of their content, so a chunk that changed has a new name.
   */
  useManifest(url: string): void;
}

/** Client runtime: route chunks by path through the route → chunk manifest, fetched once and cached. */
export function createRouteLoader(firstManifestUrl: string): RouteLoader {
  let manifestUrl = firstManifestUrl;
  let manifest: Record<string, string> | undefined;
  let manifestRequest: Promise<Record<string, string>> | undefined;
  const loaded = new Map<string, LoadedRoute>();
  const loading = new Map<string, Promise<LoadedRoute>>();
  const abs = (url: string): string => new URL(url, window.location.href).href;

  const loadManifest = (): Promise<Record<string, string>> => {
    if (manifestRequest) return manifestRequest;
    // A request for a manifest replaced meanwhile (useManifest) answers its own callers and is forgotten.
    const url = manifestUrl;
    const request = fetch(url)
      .then((r) => {
        if (!r.ok) throw new Error(`Route manifest request failed: HTTP ${r.status} for ${url}`);
        return r.json() as Promise<Record<string, string>>;
      })
      .then((m) => {
        if (url === manifestUrl) manifest = m;
        return m;
      })
      .catch((err: unknown) => {
        if (manifestRequest === request) manifestRequest = undefined;
        throw err;
      });
    manifestRequest = request;
    return request;
  };
  const chunkFor = (m: Record<string, string>, path: string): string => {
    const chunk = m[path] ?? m[NOT_FOUND_PATH];
    if (!chunk) throw new Error(`No chunk for ${path} and no not-found route in the manifest`);
    return chunk;
  };
  const loadChunk = (url: string): Promise<LoadedRoute> => {
    const key = abs(url);
    const done = loaded.get(key);
    if (done) return Promise.resolve(done);
    let request = loading.get(key);
    if (!request) {
      request = importRoute(key).then(
        (route) => {
          loaded.set(key, route);
          loading.delete(key);
          return route;
        },
        (err: unknown) => {
          loading.delete(key);
          throw err;
        },
      );
      loading.set(key, request);
    }
    return request;
  };
  return {
    peek: (path) => (manifest ? loaded.get(abs(chunkFor(manifest, path))) : undefined),
    load: async (path) => loadChunk(chunkFor(await loadManifest(), path)),
    loadChunk,
    has: async (path) => path in (await loadManifest()),
    known: (path) => (manifest ? path in manifest : undefined),
    chunkUrl: async (path) => {
      const chunk = (await loadManifest())[path];
      return chunk ? abs(chunk) : undefined;
    },
    useManifest: (url) => {
      manifestUrl = url;
      manifest = undefined;
      manifestRequest = undefined;
    },
  };
}

async function importRoute(url: string): Promise<LoadedRoute> {
  const mod = (await import(/* @vite-ignore */ url)) as LoadedRoute & {
    meta?: { title?: string; description?: string };
  };
  return {
    page: mod.meta?.title ? { ...mod.page, title: mod.meta.title } : mod.page,
    Template: mod.Template,
    ...(mod.Content ? { Content: mod.Content } : {}),
    ...(mod.hotContent ? { hotContent: mod.hotContent } : {}),
  };
}
