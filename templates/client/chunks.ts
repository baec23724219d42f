import type { LoadedRoute } from '../shell/App.tsx';

/** Loads one route chunk by URL (the browser caches modules, so a second load is free). */
export async function loadRouteModule(url: string): Promise<LoadedRoute> {
  const mod = (await import(/* @vite-ignore */ url)) as LoadedRoute & { meta?: { title?: string; description?: string } };
  return { page: mod.meta?.title ? { ...mod.page, title: mod.meta.title } : mod.page, Template: mod.Template, ...(mod.Content ? { Content: mod.Content } : {}) };
}

let manifestPromise: Promise<Record<string, string>> | undefined;

/** The route -> chunk URL map, fetched once. */
export function loadManifest(url: string): Promise<Record<string, string>> {
  manifestPromise ??= fetch(url).then((r) => {
    if (!r.ok) throw new Error(`manifest request failed: HTTP ${r.status}`);
    return r.json() as Promise<Record<string, string>>;
  });
  manifestPromise.catch(() => {
    manifestPromise = undefined;
  });
  return manifestPromise;
}
