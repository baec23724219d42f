import type { ComponentType } from 'react';
import { BaseUrlCheck } from '../client/BaseUrlCheck.tsx';
import { PageErrorBoundary } from '../client/PageErrorBoundary.tsx';
import { RouterContext, type Router } from '../client/router-context.tsx';
import { SiteContext } from '../site-context.tsx';
import type { PageData, SiteData } from '../shared/types.ts';
import type { StaticNode } from '../shared/static-node.ts';
import { Layout } from './Layout.tsx';

export interface LoadedRoute {
  page: PageData;
  Template: ComponentType<{ page: PageData; Content?: ComponentType<{ components?: Record<string, unknown> }> }>;
  Content?: ComponentType<{ components?: Record<string, unknown> }>;
  /** `portal serve`: the Markdown template, to show an edited body in place (src/serve/hot-body.ts). */
  hotContent?: (nodes: StaticNode[]) => ComponentType<{ components?: Record<string, unknown> }>;
}

export interface AppProps {
  site: SiteData;
  route: LoadedRoute;
  router: Router;
  /** The next route's chunk is taking a while: show the spinner over the content area. */
  loading?: boolean;
}

// Inline so the spinner shows even before (or without) the stylesheet; runtime.css animates it.
const SPINNER_STYLE = {
  position: 'fixed',
  left: 'calc(50% - 1.25rem)',
  top: '40vh',
  zIndex: 40,
  pointerEvents: 'none',
} as const;
const SPINNER_RING_STYLE = {
  display: 'block',
  width: '2.5rem',
  height: '2.5rem',
  border: '4px solid var(--c-border, #dadde1)',
  borderTopColor: 'var(--c-primary, #2f5bd3)',
  borderRadius: '50%',
} as const;

/**
 * The whole page, rendered identically on the server and when hydrating. A page that throws shows the crash
 * page inside the shell; a shell that throws shows it alone (spec §8: never a blank page).
 */
export function App({ site, route, router, loading }: AppProps) {
  const { Template, Content, page } = route;
  // An in-place update (`portal serve`) clears a crash, as a new route does.
  const resetKey = router.revision ? `${router.path}\n${router.revision}` : router.path;
  return (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <PageErrorBoundary resetKey={resetKey}>
          <Layout page={page}>
            <PageErrorBoundary resetKey={resetKey}>
              <Template page={page} {...(Content ? { Content } : {})} />
            </PageErrorBoundary>
            {loading && (
              <div className="portal-route-spinner" role="status" aria-label="Loading page" style={SPINNER_STYLE}>
                <span className="portal-spinner" style={SPINNER_RING_STYLE} />
              </div>
            )}
          </Layout>
        </PageErrorBoundary>
        <BaseUrlCheck baseUrl={site.baseUrl} />
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
}
