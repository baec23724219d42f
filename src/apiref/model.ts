import type {
  ApiOperation,
  ApiSecurityRequirement,
  ApiSecurityScheme,
  ApiServer,
  ApiTag,
  SafeHtml,
  SchemaNode,
} from '../../templates/shared/api-model.js';
import type { Diagnostic } from '../diagnostics.js';
import { createMarkdownRenderer, markdownToText } from './markdown.js';
import { buildOperation, buildSecurity, docsLink, HTTP_METHODS, type OperationContext } from './operations.js';
import { arr, createRefLookup, deref, entries, isObject, str, type Raw } from './raw.js';
import { indexSubtypes, namedSchemaOf } from './schema-tree.js';
import { assignSlugs, type SlugRequest } from './slugs.js';
import { toPointer } from './locate.js';
import { safeDocumentUrl } from './safe-url.js';
import { buildTagObject } from './tag-object.js';

/** Our own model of an OpenAPI document (STYLE: pages, sidebar and downloads read this, never the YAML). */
export interface ApiModel {
  /** `2.0`, `3.0.3`, `3.1.0`... as the document declares it. */
  specVersion: string;
  info: {
    title: string;
    version: string;
    summary?: string;
    description?: SafeHtml;
    plainDescription?: string;
    contact?: { name?: string; url?: string; email?: string };
    license?: { name: string; url?: string };
    termsOfService?: string;
  };
  externalDocs?: { url: string; description?: string };
  servers: ApiServer[];
  securitySchemes: ApiSecurityScheme[];
  security: ApiSecurityRequirement[];
  /** Declared tags first, then tags only operations name, then those untagged operations are listed under (untaggedTagOf). */
  tags: ApiTag[];
  /** `x-tagGroups`: names of tags per group; empty when the document has none. */
  tagGroups: Array<{ name: string; tags: string[] }>;
  /** Operations of `paths`, then webhooks, each with its slug. */
  operations: ApiOperation[];
  /** `x-topics`: extra Markdown sections for the introduction. */
  topics: Array<{ title: string; content: SafeHtml }>;
  /** A named schema by its key (`schemaKey`), the one node every tree shares: what pages open or load lazily. */
  schemaOf: (key: string) => SchemaNode;
}

export interface BuildModelOptions {
  /** The document in OpenAPI 3 shape (Swagger 2.0 converted). */
  doc: Raw;
  /** Where schema `$ref`s resolve: the bundled original (2.0 keeps `#/definitions/...`). */
  refRoot: Raw;
  specVersion: string;
  file: string;
  locate: (pointer: string) => number | undefined;
  /** The memoised Markdown renderer, when the caller renders the same texts again (the link check). */
  markdown?: (markdown: string | undefined) => SafeHtml | undefined;
}

/** Parse stage, part 2 (pure): the bundled document to an ApiModel, with every slug assigned. */
export function buildApiModel(options: BuildModelOptions): { model: ApiModel; diagnostics: Diagnostic[] } {
  const { doc } = options;
  const lookup = createRefLookup(options.refRoot);
  const markdown = options.markdown ?? createMarkdownRenderer();
  const buildServers = (raw: unknown): ApiServer[] =>
    arr(raw).flatMap((s) => {
      if (!isObject(s) || typeof s.url !== 'string') return [];
      const description = markdown(str(s.description));
      const variables = entries(s.variables).flatMap(([name, v]) => {
        if (!isObject(v)) return [];
        const vd = markdown(str(v.description));
        const values = arr(v.enum).map(String);
        return [
          {
            name,
            default: String(v.default ?? ''),
            ...(values.length ? { enum: values } : {}),
            ...(vd ? { description: vd } : {}),
          },
        ];
      });
      return [{ url: s.url, ...(description ? { description } : {}), variables }];
    });
  const security = Array.isArray(doc.security) ? buildSecurity(doc.security) : [];
  const servers = buildServers(doc.servers);
  const is2 = options.specVersion.startsWith('2');
  const ctx: OperationContext = {
    lookup,
    markdown,
    subtypesOf: indexSubtypes(
      is2
        ? options.refRoot.definitions
        : isObject(options.refRoot.components)
          ? options.refRoot.components.schemas
          : undefined,
      is2 ? '#/definitions/' : '#/components/schemas/',
    ),
    memo: new Map(),
    examples: new Map(),
    security,
    servers,
    buildServers,
  };

  const operations: ApiOperation[] = [];
  const requests: SlugRequest[] = [];
  const collect = (group: 'paths' | 'webhooks') => {
    for (const [path, rawItem] of entries(doc[group])) {
      const pathItem = deref(rawItem, lookup);
      if (!pathItem) continue;
      for (const method of HTTP_METHODS) {
        const op = deref(pathItem[method], lookup);
        if (!op) continue;
        const operation = buildOperation({ method, path, pathItem, op, webhook: group === 'webhooks', ctx });
        operations.push(operation);
        const label = `${group === 'webhooks' ? 'webhook' : 'operation'} ${method.toUpperCase()} ${path}`;
        const explicit = str(op['x-slug']);
        requests.push({
          label,
          explicit,
          pointer: toPointer([group, path, method]),
          candidates: [
            str(op.summary) ?? '',
            str(op.operationId) ?? '',
            `${group === 'webhooks' ? 'webhook ' : ''}${method} ${path}`,
          ],
        });
      }
    }
  };
  collect('paths');
  collect('webhooks');

  const untaggedTag = untaggedTagOf(operations);
  const tags = buildTags(doc, operations, markdown, untaggedTag);
  const objectDiagnostics = addTagObjects(tags, {
    doc,
    ctx,
    file: options.file,
    locate: options.locate,
    schemaPrefix: is2 ? '#/definitions/' : '#/components/schemas/',
  });
  for (const [i, tag] of tags.entries()) {
    requests.push({
      label: `tag "${tag.name}"`,
      explicit: tag.slug || undefined,
      pointer: toPointer(['tags', i]),
      candidates: [tag.name, `tag ${tag.name}`],
    });
  }
  const { slugs, diagnostics } = assignSlugs(requests, { locate: options.locate, file: options.file });
  for (const [i, op] of operations.entries()) op.slug = slugs[i] ?? '';
  for (const [i, tag] of tags.entries()) tag.slug = slugs[operations.length + i] ?? '';
  // Each operation's tags worked out once, not once per tag (61 tags by 417 operations for Stripe's document).
  const tagsOf = operations.map((op) => (op.tags.length ? op.tags : [untaggedTag(op)]));
  for (const tag of tags)
    tag.operations = operations.filter((_, i) => tagsOf[i]?.includes(tag.name)).map((op) => op.slug);

  const info = isObject(doc.info) ? doc.info : {};
  const description = markdown(str(info.description));
  const plainDescription = str(info.summary) ?? markdownToText(str(info.description));
  const externalDocs = docsLink(doc.externalDocs);
  const model: ApiModel = {
    specVersion: options.specVersion,
    info: {
      title: str(info.title) ?? 'API reference',
      version: String(info.version ?? ''),
      ...(str(info.summary) ? { summary: str(info.summary) as string } : {}),
      ...(description ? { description } : {}),
      ...(plainDescription ? { plainDescription } : {}),
      // issue 8: the document's URLs become hrefs, so only http(s), mailto and relative ones are kept.
      ...(isObject(info.contact) ? { contact: withSafeUrl(pick(info.contact, ['name', 'url', 'email'])) } : {}),
      ...(isObject(info.license) && typeof info.license.name === 'string'
        ? { license: withSafeUrl({ name: info.license.name, ...pick(info.license, ['url']) }) }
        : {}),
      ...(safeDocumentUrl(info.termsOfService)
        ? { termsOfService: safeDocumentUrl(info.termsOfService) as string }
        : {}),
    },
    ...(externalDocs ? { externalDocs } : {}),
    servers,
    securitySchemes: buildSecuritySchemes(isObject(doc.components) ? doc.components.securitySchemes : undefined, ctx),
    security,
    tags,
    tagGroups: arr(doc['x-tagGroups']).flatMap((g) =>
      isObject(g) && typeof g.name === 'string'
        ? [{ name: g.name, tags: arr(g.tags).filter((t): t is string => typeof t === 'string') }]
        : [],
    ),
    operations,
    topics: arr(doc['x-topics']).flatMap((t) => {
      const content = isObject(t) ? markdown(str(t.content)) : undefined;
      return isObject(t) && typeof t.title === 'string' && content ? [{ title: t.title, content }] : [];
    }),
    schemaOf: (key) => namedSchemaOf(key, ctx),
  };
  return { model, diagnostics: [...diagnostics, ...objectDiagnostics] };
}

/** `x-object` of each declared tag (issue 18): the object section of its page. */
function addTagObjects(
  tags: ApiTag[],
  options: {
    doc: Raw;
    ctx: OperationContext;
    file: string;
    locate: (pointer: string) => number | undefined;
    schemaPrefix: string;
  },
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  arr(options.doc.tags).forEach((raw, i) => {
    if (!isObject(raw) || raw['x-object'] === undefined) return;
    const tag = tags.find((t) => t.name === raw.name);
    if (!tag || tag.object) return;
    const built = buildTagObject({
      tag: raw,
      schemaPrefix: options.schemaPrefix,
      ctx: options.ctx,
      file: options.file,
      locate: options.locate,
      pointer: toPointer(['tags', i, 'x-object']),
    });
    if (built.object) tag.object = built.object;
    diagnostics.push(...built.diagnostics);
  });
  return diagnostics;
}

/** The object with its `url` made safe, or without it when the URL is unsafe. */
function withSafeUrl<T extends { url?: string }>(value: T): T {
  const { url, ...rest } = value;
  const safe = safeDocumentUrl(url);
  return (safe ? { ...rest, url: safe } : rest) as T;
}

const defaultTagOf = (op: ApiOperation): string => (op.webhook ? 'Webhooks' : 'Operations');

/** Past this many operations, a document that tags none of them is grouped by path instead of one flat list. */
export const PATH_GROUPING_MIN_OPERATIONS = 20;

/**
 * The first path segment that names a resource: not a version (`v1`, `v2.1`), not `api`, not a parameter.
 * `/v1/payment_intents/{intent}/confirm` → `payment_intents`.
 */
export function resourceSegment(path: string): string | undefined {
  return path
    .split('/')
    .find((s) => s !== '' && s.toLowerCase() !== 'api' && !/^v\d+(\.\d+)*$/i.test(s) && !s.startsWith('{'));
}

/** `payment_intents` → `Payment intents`: a sidebar label for a group the document did not name. */
const resourceLabel = (segment: string): string => {
  const words = segment.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Where an untagged operation is listed. A document that tags none of its many operations (Stripe's 417) would
 * otherwise give one flat list of all of them on every page and one tag page holding the whole API: such a
 * document is grouped by resource (the first meaningful path segment), as readers of a REST API expect. A
 * document that tags some operations keeps its tags, the untagged rest under "Operations".
 */
function untaggedTagOf(operations: readonly ApiOperation[]): (op: ApiOperation) => string {
  const paths = operations.filter((op) => !op.webhook);
  const groups = new Set(paths.map((op) => resourceSegment(op.path) ?? ''));
  const byPath =
    paths.length > PATH_GROUPING_MIN_OPERATIONS && paths.every((op) => op.tags.length === 0) && groups.size > 1;
  if (!byPath) return defaultTagOf;
  return (op) => {
    const segment = op.webhook ? undefined : resourceSegment(op.path);
    return segment ? resourceLabel(segment) : defaultTagOf(op);
  };
}

/**
 * Whether `tag` is where the sidebar lists `op`: its first tag (issue 5: listed once); an untagged operation
 * belongs to the one tag the model put it in.
 */
export const isHomeTag = (op: ApiOperation, tag: string): boolean => op.tags.length === 0 || op.tags[0] === tag;

/** Declared tags keep their order and `x-slug`; tags only operations use, and untagged operations, get one too. */
function buildTags(
  doc: Raw,
  operations: readonly ApiOperation[],
  markdown: (md: string | undefined) => SafeHtml | undefined,
  untaggedTag: (op: ApiOperation) => string,
): ApiTag[] {
  const tags: ApiTag[] = [];
  const seen = new Set<string>();
  for (const raw of arr(doc.tags)) {
    if (!isObject(raw) || typeof raw.name !== 'string' || seen.has(raw.name)) continue;
    seen.add(raw.name);
    const description = markdown(str(raw.description));
    const plainDescription = markdownToText(str(raw.description));
    const externalDocs = docsLink(raw.externalDocs);
    tags.push({
      name: raw.name,
      // x-displayName is Redoc's label for a tag whose name is an identifier.
      ...(typeof raw['x-displayName'] === 'string' ? { displayName: raw['x-displayName'] } : {}),
      slug: str(raw['x-slug']) ?? '',
      ...(description ? { description } : {}),
      ...(plainDescription ? { plainDescription } : {}),
      ...(externalDocs ? { externalDocs } : {}),
      operations: [],
    });
  }
  for (const op of operations) {
    for (const name of op.tags.length ? op.tags : [untaggedTag(op)]) {
      if (seen.has(name)) continue;
      seen.add(name);
      tags.push({ name, slug: '', operations: [] });
    }
  }
  return tags;
}

function buildSecuritySchemes(raw: unknown, ctx: OperationContext): ApiSecurityScheme[] {
  return entries(raw).flatMap(([key, value]) => {
    const s = deref(value, ctx.lookup);
    if (!s) return [];
    const description = ctx.markdown(str(s.description));
    const flows = entries(s.flows).flatMap(([flow, f]) =>
      isObject(f)
        ? [
            {
              flow,
              ...pick(f, ['authorizationUrl', 'tokenUrl', 'refreshUrl']),
              scopes: entries(f.scopes).map(([name, d]) => ({ name, description: String(d ?? '') })),
            },
          ]
        : [],
    );
    return [
      {
        key,
        type: str(s.type) ?? 'unknown',
        ...(description ? { description } : {}),
        ...pick(s, ['scheme', 'bearerFormat', 'in', 'name', 'openIdConnectUrl']),
        ...(typeof s['x-example'] === 'string' ? { example: s['x-example'] } : {}),
        flows,
      },
    ];
  });
}

/** The string fields of `raw` named in `keys`. */
function pick<K extends string>(raw: Raw, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) if (typeof raw[k] === 'string') out[k] = raw[k] as string;
  return out;
}
