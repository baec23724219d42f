import { createApiCache, flushApiCache, type ApiCache } from '../apiref/api-cache.js';
import {
  createBundleSession,
  disposeBundleSession,
  type BundleSession,
  WRITE_QUIET_MS,
} from '../bundle/bundle-session.js';
import type { CompilePool } from '../content/compile-pool.js';
import { createBodyCache, type BodyCache } from '../render/body-cache.js';
import type { HotSite } from './hot-body.js';

/**
 * What `portal serve` keeps from one build to the next, so a rebuild redoes only what an edit changed: the API
 * reference while its files are unchanged, the bundler's contexts, the rendered bodies of unchanged pages and the
 * compile workers. The compile cache (MDX by content hash) is kept too, on its own since `build` uses it on disk
 * as well.
 */
export interface PreviewState {
  api: ApiCache;
  bundles: BundleSession;
  bodies: BodyCache;
  /** Compile workers with the compiler loaded, for the highlighted languages they were started with. */
  compiler?: { languages: string; list: readonly string[]; pool: CompilePool } | undefined;
  /** Each locale's route inputs (by base URL), from which an edited doc's page is computed before any build. */
  hotSites: Map<string, HotSite>;
}

export const createPreviewState = (): PreviewState => ({
  // Its newest API reference is kept on disk after the same quiet as its bundles.
  api: createApiCache({ writeQuietMs: WRITE_QUIET_MS, keepSamples: true }),
  bundles: createBundleSession(),
  bodies: createBodyCache(),
  hotSites: new Map(),
});

/** The kept compile pool, or a new one (closing the old) when the config asks for other languages. */
export function keptCompilePool(
  state: PreviewState,
  languages: readonly string[],
  start: () => CompilePool,
): CompilePool {
  const key = languages.join(',');
  if (state.compiler?.languages === key) return state.compiler.pool;
  void state.compiler?.pool.close();
  state.compiler = { languages: key, list: [...languages], pool: start() };
  return state.compiler.pool;
}

export async function disposePreviewState(state: PreviewState): Promise<void> {
  await Promise.all([flushApiCache(state.api), disposeBundleSession(state.bundles), state.compiler?.pool.close()]);
  state.compiler = undefined;
}
