import { CategoryPage } from './CategoryPage.tsx';
import { DocPage } from './DocPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PlainPage } from './PlainPage.tsx';
import { ServerRenderedContent, staticContent } from './static-content.tsx';
import { TagPage } from './TagPage.tsx';
import { TagsIndexPage } from './TagsIndexPage.tsx';

/**
 * What every route chunk draws on, in one object that each route module takes its template from. esbuild's
 * splitting makes one shared chunk per set of entry points that use a module; with each template (and the
 * static-content renderer) used by its own set of routes, a doc page needed 13 small files. Through this
 * object every route uses all of it, so it is one chunk: a first visit loads 8 files or so (issue 17 item 3).
 * The few KB of templates a page does not use cost less than the requests and per-file gzip they save.
 */
export const pageKit = {
  CategoryPage,
  DocPage,
  NotFoundPage,
  PlainPage,
  TagPage,
  TagsIndexPage,
  ServerRenderedContent,
  staticContent,
};
