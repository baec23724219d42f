import type { ComponentType } from 'react';
import { RouterContext, type Router } from '../client/router-context.tsx';
import { SiteContext } from '../site-context.tsx';
import type { PageData, SiteData } from '../types.ts';
import { Layout } from './Layout.tsx';

export interface LoadedRoute {
  page: PageData;
  Template: ComponentType<{ page: PageData; Content?: ComponentType<{ components?: Record<string, unknown> }> }>;
  Content?: ComponentType<{ components?: Record<string, unknown> }>;
}

/** The whole page, rendered identically on the server and when hydrating. */
export function App({ site, route, router, loading }: { site: SiteData; route: LoadedRoute; router: Router; loading?: boolean }) {
  const { Template, Content, page } = route;
  return (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <Layout>
          <Template page={page} {...(Content ? { Content } : {})} />
          {loading && <div className="route-spinner" role="status" aria-label="Loading page" />}
        </Layout>
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
}
