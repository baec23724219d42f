import { createApiCache, type ApiCache } from '../apiref/api-cache.js';
import { createBundleSession, disposeBundleSession, type BundleSession } from '../bundle/bundle-session.js';
import { createBodyCache, type BodyCache } from '../render/body-cache.js';

/**
 * What `portal serve` keeps from one build to the next, so a rebuild redoes only what an edit changed: the API
 * reference while its files are unchanged, the bundler's contexts, and the rendered bodies of unchanged pages.
 * The compile cache (MDX by content hash) is kept too, on its own since `build` uses it on disk as well.
 */
export interface PreviewState {
  api: ApiCache;
  bundles: BundleSession;
  bodies: BodyCache;
}

export const createPreviewState = (): PreviewState => ({
  api: createApiCache(),
  bundles: createBundleSession(),
  bodies: createBodyCache(),
});

export const disposePreviewState = (state: PreviewState): Promise<void> => disposeBundleSession(state.bundles);
