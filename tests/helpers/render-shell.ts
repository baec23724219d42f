import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterContext } from '../../templates/client/router-context.tsx';
import type { SiteData } from '../../templates/shared/types.ts';
import { SiteContext } from '../../templates/site-context.tsx';

/** Server-renders a piece of the shell as a page at `path` of `site` would: with the site and router contexts. */
export const renderInShell = (site: SiteData, path: string, element: ReactElement): string =>
  renderToString(
    createElement(
      SiteContext.Provider,
      { value: site },
      createElement(RouterContext.Provider, { value: { path, navigate() {}, prefetch() {} } }, element),
    ),
  );
