import type {
  ApiIntroData,
  ApiOperation,
  ApiOperationData,
  ApiServer,
  ApiOperationSummary,
  ApiTag,
  ApiTagData,
  SafeHtml,
} from '../../templates/shared/api-model.js';
import type { PageOf, SidebarItem, TocItem } from '../../templates/shared/types.js';
import type { Route } from '../routes/route.js';
import { normalizePath, slugify } from '../routes/slug.js';
import { assignAnchors, createKebabCache, OPERATION_SECTIONS } from './anchors.js';
import { createSchemaInliner, SCHEMA_FOLDER } from './schema-inline.js';
import { buildCodeSamples } from './code-samples.js';
import { highlightCode } from './highlight.js';
import {
  descriptionSourceLinks,
  type DescriptionLink,
  type DescriptionSourceLinkOptions,
} from './description-links.js';
import { addHeadingIds } from './markdown.js';
import { isHomeTag, type ApiModel } from './model.js';

/** What the API reference contributes to a build. */
import { emptyApi, type ApiContribution } from './contribution.js';

export { emptyApi, type ApiContribution };

export interface ApiRoutesOptions {
  /** `/docs/api`. */
  basePath: string;
  /** The document, for messages and `Route.file`. */
  file: string;
  /** Download links of the introduction: `/openapi/business-api.yaml`... */
  downloads: Array<{ label: string; href: string }>;
  /** The generated category page listing the reference, `/docs/category/product-api`. */
  category?: { path: string; label: string } | undefined;
  /** Links in the document's descriptions: checked with the page that shows each (its owner's). */
  descriptionLinks?: readonly DescriptionLink[] | undefined;
  /** Line and column of a JSON pointer, for messages about those links. */
  locate?: DescriptionSourceLinkOptions['locate'];
  /** `--openapi` preview: a broken description link warns instead of failing the build. */
  lenientLinks?: boolean | undefined;
  /** What the names of the files of schemas too big for their page change with (the document). */
  schemaSalt?: string | undefined;
  /** `openapi.console` of the config: operation pages get the servers the request console may call. */
  console?: { enabled: boolean; servers?: string[] | undefined; baseUrl: string } | undefined;
  /**
   * Highlights a code sample; by default at once. A large document's are highlighted on a worker meanwhile
   * (highlight-pool.ts): the HTML object is filled in before the routes are used.
   */
  highlightSample?: ((code: string, lang: string) => SafeHtml) | undefined;
}

const SIDEBAR_ID = 'api';
const INTRO_SECTIONS = ['servers', 'authentication', 'download', 'reference'];

type ApiRouteKind = 'api-intro' | 'api-tag' | 'api-operation' | 'category';
/** A page of the API reference without its path, which the route adds: one shape per kind, with its data. */
type ApiPageInput = { [K in ApiRouteKind]: Omit<PageOf<K>, 'path'> }[ApiRouteKind];

/**
 * Route stage, API half (issue 5): the introduction, one page per tag and per operation (webhooks
 * included), the API category page, and the sidebar grouped by x-tagGroups or tags. Each route's data is
 * plain JSON for a shared template: the chunk of an operation is data, not generated code.
 */

export function buildApiRoutes(
  model: ApiModel,
  options: ApiRoutesOptions,
): { routes: Route[]; sidebarItems: SidebarItem[]; files: Array<{ path: string; contents: string }> } {
  const inliner = createSchemaInliner({
    schemaOf: model.schemaOf,
    folder: SCHEMA_FOLDER,
    salt: options.schemaSalt ?? '',
    operations: model.operations,
  });
  const base = normalizePath(options.basePath);
  const href = (slug: string): string => normalizePath(`${base}/${slug}`);
  const bySlug = new Map(model.operations.map((op) => [op.slug, op]));
  const summaryOf = (op: ApiOperation): ApiOperationSummary => ({
    slug: op.slug,
    href: href(op.slug),
    method: op.method,
    path: op.path,
    title: op.title,
    deprecated: op.deprecated,
    webhook: op.webhook,
  });
  const tagLabel = (tag: ApiTag): string => tag.displayName ?? tag.name;
  const route = (path: string, template: Route['template'], page: ApiPageInput): Route => ({
    path,
    kind: page.kind,
    template,
    file: options.file,
    body: { type: 'none' },
    links: [],
    unlisted: false,
    page: { path, ...page },
  });
  const groups = tagGroups(model);
  const routes: Route[] = [];

  // 1. Introduction
  const intro = model.info.description ? addHeadingIds(model.info.description, INTRO_SECTIONS) : undefined;
  const topics = model.topics.map((t, i) => ({
    id: `topic-${slugify(t.title) || i}`,
    title: t.title,
    content: t.content,
  }));
  const introData: ApiIntroData = {
    title: model.info.title,
    version: model.info.version,
    ...(intro ? { description: intro.html } : {}),
    servers: model.servers,
    securitySchemes: model.securitySchemes,
    security: model.security,
    ...(model.info.contact ? { contact: model.info.contact } : {}),
    ...(model.info.license ? { license: model.info.license } : {}),
    ...(model.info.termsOfService ? { termsOfService: model.info.termsOfService } : {}),
    ...(model.externalDocs ? { externalDocs: model.externalDocs } : {}),
    topics,
    downloads: options.downloads,
    groups: groups.map((g) => ({
      name: g.name,
      tags: g.tags.map((t) => ({ name: tagLabel(t), href: href(t.slug), count: t.operations.length })),
    })),
  };
  const introToc: TocItem[] = [
    ...(intro?.toc ?? []),
    ...(model.servers.length ? [{ depth: 2, id: 'servers', text: 'Servers' }] : []),
    ...(model.securitySchemes.length ? [{ depth: 2, id: 'authentication', text: 'Authentication' }] : []),
    ...(options.downloads.length ? [{ depth: 2, id: 'download', text: 'Download' }] : []),
    ...topics.map((t) => ({ depth: 2, id: t.id, text: t.title })),
    ...(groups.length ? [{ depth: 2, id: 'reference', text: 'Reference' }] : []),
  ];
  routes.push(
    route(base, 'ApiIntroPage', {
      kind: 'api-intro',
      sidebarId: SIDEBAR_ID,
      title: model.info.title,
      ...(model.info.plainDescription ? { description: model.info.plainDescription } : {}),
      toc: introToc,
      data: introData,
    }),
  );

  // 2. Tags
  for (const tag of model.tags) {
    const described = tag.description ? addHeadingIds(tag.description, ['operations', 'object']) : undefined;
    const operations = tag.operations.flatMap((slug) => {
      const op = bySlug.get(slug);
      return op ? [summaryOf(op)] : [];
    });
    const data: ApiTagData = {
      name: tagLabel(tag),
      ...(described ? { description: described.html } : {}),
      ...(tag.object ? { object: { ...tag.object, schema: inliner.schema(tag.object.schema) } } : {}),
      ...(tag.externalDocs ? { externalDocs: tag.externalDocs } : {}),
      operations,
    };
    const objectToc = tag.object ? [{ depth: 2, id: 'object', text: `The ${tag.object.name} object` }] : [];
    const toc = [
      ...(described?.toc ?? []),
      ...objectToc,
      ...(operations.length ? [{ depth: 2, id: 'operations', text: 'Operations' }] : []),
    ];
    routes.push(
      route(href(tag.slug), 'ApiTagPage', {
        kind: 'api-tag',
        sidebarId: SIDEBAR_ID,
        title: tagLabel(tag),
        ...(tag.plainDescription ? { description: tag.plainDescription } : {}),
        toc,
        data,
      }),
    );
  }

  // 3. Operations and webhooks
  const tagsByName = new Map(model.tags.map((t) => [t.name, t]));
  const kebab = createKebabCache();
  const highlightSample = options.highlightSample ?? highlightCode;
  for (const op of model.operations) {
    const operation = assignAnchors(inliner.operation(op), kebab);
    const used = new Set(op.security.flat().map((s) => s.scheme));
    const data: ApiOperationData = {
      operation,
      securitySchemes: model.securitySchemes.filter((s) => used.has(s.key)),
      codeSamples: (op.webhook ? op.codeSamples : buildCodeSamples(op, model.securitySchemes)).map((s) => ({
        lang: s.lang,
        label: s.label,
        html: highlightSample(s.source, s.lang),
      })),
      tags: op.tags.flatMap((name) => {
        const tag = tagsByName.get(name);
        return tag ? [{ name: tagLabel(tag), href: href(tag.slug) }] : [];
      }),
    };
    // Only when enabled: a site without the console keeps its pages' data as it was.
    if (options.console?.enabled && !op.webhook)
      data.console = { servers: consoleServers(op, options.console.servers), baseUrl: options.console.baseUrl };
    routes.push(
      route(href(op.slug), 'ApiOperationPage', {
        kind: 'api-operation',
        sidebarId: SIDEBAR_ID,
        title: op.title,
        ...(op.plainDescription ? { description: op.plainDescription } : {}),
        toc: operationToc(operation, data),
        data,
      }),
    );
  }

  // 4. The sidebar: Introduction, then a category per group; an operation sits under its first tag only
  const tagItem = (tag: ApiTag, label: string): SidebarItem => {
    const ops = tag.operations.filter((slug) => {
      const op = bySlug.get(slug);
      return op !== undefined && isHomeTag(op, tag.name);
    });
    const items: SidebarItem[] = ops.map((slug) => {
      const op = bySlug.get(slug) as ApiOperation;
      return { type: 'link', label: op.title, href: href(slug), badge: op.method };
    });
    // Collapsed unless it holds the current page: each page then renders its own tag's operations and one
    // row per other tag, so the cost of a page does not grow with the size of the API (issue 5 budget).
    return items.length
      ? { type: 'category', label, href: href(tag.slug), collapsed: true, items }
      : { type: 'link', label, href: href(tag.slug) };
  };
  // The document's own introduction page: "Overview", so it is not confused with the site's introduction doc.
  const reference: SidebarItem[] = [
    { type: 'link', label: 'Overview', href: base },
    ...groups.map((g): SidebarItem => {
      const only = g.tags[0];
      if (g.tags.length === 1 && only && !g.synthetic) return tagItem(only, g.name);
      if (g.synthetic && only) return tagItem(only, tagLabel(only));
      return { type: 'category', label: g.name, collapsed: false, items: g.tags.map((t) => tagItem(t, tagLabel(t))) };
    }),
  ];

  // spec §1/§2: the navigation has an API reference category; the sidebar opens with it, linking its page.
  const sidebarItems: SidebarItem[] = options.category
    ? [
        {
          type: 'category',
          label: options.category.label,
          href: options.category.path,
          collapsed: false,
          items: reference,
        },
      ]
    : reference;

  // 5. The category page listing the reference
  if (options.category) {
    const items = [
      { label: 'Overview', href: base },
      ...groups.map((g) => ({
        label: g.synthetic ? tagLabel(g.tags[0] as ApiTag) : g.name,
        href: href((g.tags[0] as ApiTag).slug),
        count: g.tags.reduce((n, t) => n + t.operations.length, 0),
      })),
    ];
    routes.push(
      route(options.category.path, 'CategoryPage', {
        kind: 'category',
        sidebarId: SIDEBAR_ID,
        title: options.category.label,
        description: `${model.info.title}: every operation of the API reference.`,
        toc: [],
        data: { items },
      }),
    );
  }
  // 6. Links in descriptions go to the link check with the page that shows them
  const opPaths = new Map(model.operations.map((op) => [`${op.webhook}|${op.path}|${op.method}`, href(op.slug)]));
  const linksByPath = descriptionSourceLinks(options.descriptionLinks ?? [], {
    pathOf: (owner) =>
      (owner.type === 'operation'
        ? opPaths.get(`${owner.webhook}|${owner.path}|${owner.method.toUpperCase()}`)
        : owner.type === 'tag'
          ? href(tagsByName.get(owner.name)?.slug ?? '')
          : undefined) ?? base,
    locate: options.locate,
    lenient: options.lenientLinks,
  });
  for (const r of routes) r.links = linksByPath.get(r.path) ?? [];
  return { routes, sidebarItems, files: inliner.files() };
}

/** x-tagGroups as given (tags they do not list follow, one group each); without groups, a group per tag. */
function tagGroups(model: ApiModel): Array<{ name: string; tags: ApiTag[]; synthetic: boolean }> {
  const byName = new Map(model.tags.map((t) => [t.name, t]));
  const grouped = model.tagGroups
    .map((g) => ({
      name: g.name,
      tags: g.tags.flatMap((n) => (byName.get(n) ? [byName.get(n) as ApiTag] : [])),
      synthetic: false,
    }))
    .filter((g) => g.tags.length > 0);
  const inGroup = new Set(grouped.flatMap((g) => g.tags.map((t) => t.name)));
  const rest = model.tags
    .filter((t) => !inGroup.has(t.name) && (t.operations.length > 0 || t.description))
    .map((t) => ({ name: t.name, tags: [t], synthetic: true }));
  return [...grouped, ...rest];
}

function operationToc(op: ApiOperation, data: ApiOperationData): TocItem[] {
  const present: Record<(typeof OPERATION_SECTIONS)[number], boolean> = {
    parameters: op.parameters.length > 0,
    'request-body': op.requestBody !== undefined,
    responses: op.responses.length > 0,
    callbacks: op.callbacks.length > 0,
    'code-samples': data.codeSamples.length > 0,
  };
  const text: Record<(typeof OPERATION_SECTIONS)[number], string> = {
    parameters: 'Parameters',
    'request-body': 'Request body',
    responses: 'Responses',
    callbacks: 'Callbacks',
    'code-samples': 'Code samples',
  };
  return OPERATION_SECTIONS.filter((id) => present[id]).map((id) => ({ depth: 2, id, text: text[id] }));
}

/** The operation's servers the console may call, sandbox first (its URL or description says so). */
export function consoleServers(op: ApiOperation, allowed: readonly string[] | undefined): string[] {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const allow = allowed ? new Set(allowed.map(trim)) : undefined;
  // A server with variables is allowed by its URL as the console calls it (defaults put in) or as written.
  const urls = op.servers.filter((s) => !allow || allow.has(trim(resolveServerUrl(s))) || allow.has(trim(s.url)));
  const sandbox = (s: ApiServer) => /sandbox|test|staging/i.test(`${s.url} ${s.description?.__html ?? ''}`);
  return [...urls.filter(sandbox), ...urls.filter((s) => !sandbox(s))].map((s) => resolveServerUrl(s));
}

/** A server URL with its variables at their defaults. */
function resolveServerUrl(server: ApiServer): string {
  return server.variables.reduce((url, v) => url.replaceAll(`{${v.name}}`, v.default), server.url);
}
