import type { ApiIntroData, ApiOperationData, ApiTagData } from './api-model.ts';

/**
 * The plain data that crosses from the build (src/) to the templates: what every page and the shell are
 * rendered from. No DOM and no Node types here: both sides import this file.
 */

export type RouteKind =
  | 'page'
  | 'doc'
  | 'tags-index'
  | 'tag'
  | 'category'
  | 'api-intro'
  | 'api-tag'
  | 'api-operation'
  | 'not-found';

export interface TocItem {
  depth: number;
  id: string;
  text: string;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  docId?: string;
  /** e.g. an HTTP method badge for API operations. */
  badge?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  href?: string;
  collapsed: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface PageRef {
  title: string;
  path: string;
}

/** The fields every page has, whatever its kind. */
interface PageFields {
  path: string;
  title: string;
  description?: string;
  /** Sidebar id, and its items (shared between the routes of one sidebar). */
  sidebarId?: string;
  sidebar?: SidebarItem[];
  toc: TocItem[];
  hideToc?: boolean;
  /** The body has no `# heading` of its own, so the template shows the title as the h1. */
  showTitle?: boolean;
  tags?: Array<{ label: string; path: string }>;
  prev?: PageRef;
  next?: PageRef;
  lastUpdated?: string;
  editUrl?: string;
  /**
   * Links of the body the build resolved, as written -> where they lead: a versioned doc's links into the docs go
   * to the same page in the doc's own version (issue 4 item 6), a link to a Markdown file (`./setup.md`) to the
   * page made from it.
   */
  resolvedLinks?: Record<string, string>;
}

/** A page from site/pages: a React page (`.tsx`) lays out its own `<main>`, Markdown gets the plain layout. */
export interface PlainPageData {
  custom: boolean;
}

/** The tags of one docs version, each with its number of docs. */
export interface TagsIndexData {
  tags: Array<{ label: string; path: string; count: number }>;
}

/** The docs carrying one tag. */
export interface TagData {
  label: string;
  allTagsPath: string;
  docs: Array<{ title: string; path: string; description: string }>;
}

/** The cards of a generated index: a sidebar category's items, or the API reference's groups. */
export interface CategoryData {
  items: Array<{ label: string; href: string; count?: number | undefined }>;
}

/** Each route kind's template data (`page.data`); `undefined` for the kinds whose template needs none. */
export interface PageDataByKind {
  page: PlainPageData;
  doc: undefined;
  'tags-index': TagsIndexData;
  tag: TagData;
  category: CategoryData;
  'api-intro': ApiIntroData;
  'api-tag': ApiTagData;
  'api-operation': ApiOperationData;
  'not-found': undefined;
}

/** The page of one route kind, with that kind's data. */
export type PageOf<K extends RouteKind> = PageFields & { kind: K } & (PageDataByKind[K] extends undefined
    ? { data?: undefined }
    : { data: PageDataByKind[K] });

/** Everything a route's template needs, serialised into the route's chunk: one shape per route kind. */
export type PageData = { [K in RouteKind]: PageOf<K> }[RouteKind];

/** Where a navbar item came from in the config, e.g. `navbar.items[3]`, for error messages (spec §8). */
interface NavItemSource {
  configPath?: string;
}

export type NavItem = NavItemSource &
  (
    | {
        type: 'link';
        label: string;
        href: string;
        external: boolean;
        position: 'left' | 'right';
        activeBase?: string;
        /** A docSidebar item: active on every page of this sidebar. */
        sidebarId?: string;
        /** A doc item: the browser points it at this doc in the version being read or preferred. */
        docId?: string;
      }
    | {
        type: 'dropdown';
        label: string;
        href?: string;
        position: 'left' | 'right';
        items: Array<{ label: string; href: string; external: boolean }>;
      }
    | { type: 'search'; position: 'left' | 'right' }
    | { type: 'html'; value: string; position: 'left' | 'right' }
    | { type: 'localeDropdown'; label?: string; position: 'left' | 'right' }
    | { type: 'docsVersionDropdown'; position: 'left' | 'right' }
    | {
        type: 'docsVersion';
        label?: string;
        href: string;
        position: 'left' | 'right';
        /** A fixed target from the config; without it the item leads to the main doc of the version read or preferred. */
        to?: string;
      }
  );

export interface FooterLink {
  label: string;
  href?: string;
  html?: string;
  external: boolean;
}

export interface Locale {
  name: string;
  label: string;
  htmlLang: string;
  /** Path prefix, '' for the default locale. */
  prefix: string;
}

/** A doc of a docs version, as the navbar items and the version dropdown need it. */
export interface VersionDoc {
  id: string;
  path: string;
  /** The sidebar the doc appears in. */
  sidebar?: string;
  unlisted: boolean;
}

/** One version of the docs (spec §3): name, label, isLast, docs, sidebars, mainDocId, draftIds. */
export interface DocsVersion {
  name: string;
  label: string;
  /** Route prefix, e.g. '/docs' or '/docs/1.0'. */
  base: string;
  isLast: boolean;
  docs: VersionDoc[];
  /** Each sidebar's first link, what a docSidebar navbar item points to. */
  sidebars: Record<string, { link?: { path: string; label: string } }>;
  /** The doc a docsVersion item and the version dropdown link to: the docs root, else the first sidebar's first doc. */
  mainDocId: string;
  mainDocPath: string;
  /** Docs that exist only as drafts: a navbar item pointing to one yields nothing (spec §5). */
  draftIds: string[];
  /** The note above the version's docs: none, unreleased (newer than the last version) or unmaintained (older). */
  banner: 'none' | 'unreleased' | 'unmaintained';
}

/** Site-wide data, shipped once in the shared runtime. */
export interface SiteData {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  trailingSlash?: boolean;
  favicon?: string;
  navbar: {
    title?: string;
    logo?: {
      src: string;
      srcDark?: string;
      alt: string;
      href: string;
      target?: string;
      width?: number | string;
      height?: number | string;
    };
    style?: 'dark' | 'primary';
    hideOnScroll: boolean;
    items: NavItem[];
  };
  footer?: {
    style: 'dark' | 'light';
    links: Array<{ title?: string; items: FooterLink[] }>;
    logo?: { src: string; alt: string; href?: string; width?: number; height?: number };
    copyright?: string;
  };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  locales: Locale[];
  currentLocale: string;
  versions: DocsVersion[];
  docsPluginId: string;
}

/** What a route's chunk exports. */
export interface RouteModule {
  page: PageData;
  /** The page's body: compiled MDX or a site page component. */
  Content?: (props: { components?: Record<string, unknown> }) => unknown;
}
