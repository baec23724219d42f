/**
 * The API reference's plain data, as the build hands it to the templates (issue 5). Built once from the
 * OpenAPI document by src/apiref/parse.ts; no DOM and no Node types, both sides import this file.
 * Every string here is rendered as React text (escaped), except `SafeHtml`.
 */

/**
 * HTML made at build time from escaped text: sanitised Markdown descriptions (src/apiref/markdown.ts) and
 * highlighted code (src/apiref/highlight.ts). The only HTML the API templates inject.
 */
export interface SafeHtml {
  __html: string;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One schema, expanded into a finite tree: refs resolved, allOf merged, cycles cut. */
export interface SchemaNode {
  /** `object`, `array`, `string`, `integer`, `number`, `boolean`, `null`, `any`, or several joined by ` | `. */
  type: string;
  /** The component the node came from (`#/components/schemas/<name>`). */
  name?: string;
  title?: string;
  format?: string;
  description?: SafeHtml;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  default?: Json;
  const?: Json;
  enum?: Json[];
  example?: Json;
  /** Readable constraints, e.g. `>= 1`, `max length 200`, `pattern ^[A-Z]{3}$`. */
  constraints?: string[];
  properties?: PropertyNode[];
  /** Value schema of a map (`additionalProperties`). */
  additionalProperties?: SchemaNode;
  items?: SchemaNode;
  variants?: Variants;
  /** The property the API switches on (a discriminator), when this object carries one. */
  discriminator?: string;
  /** This is a reference back to `<name>`, already open above it: not expanded again. */
  circular?: string;
  /** Element id of the row above where the repeated schema opens, when the page has one. */
  circularAnchor?: string;
  /**
   * Past the page's size budget (issue 20): the inside of this named schema is not in the page but in a JSON
   * file of the site (`openapi/schemas/…json`, from the site root), loaded when the reader opens it.
   */
  lazy?: string;
  /** Build time only, never in a page: the document-wide key of the named schema this node is (`response|#/…`). */
  key?: string;
  /** Build time only: a named schema whose expansion was already under way where this reference was met. */
  ref?: string;
}

/** What a lazily loaded schema file holds. */
export interface SchemaFile {
  schema: SchemaNode;
}

export interface PropertyNode {
  name: string;
  /** Element id of its row, unique on the page (`request-body-customer-email`). */
  anchor?: string;
  required: boolean;
  schema: SchemaNode;
}

/** oneOf / anyOf alternatives, shown with a switcher. */
export interface Variants {
  kind: 'oneOf' | 'anyOf';
  options: Array<{ label: string; schema: SchemaNode; discriminatorValue?: string }>;
  discriminator?: string;
}

export interface ApiExample {
  name: string;
  summary?: string;
  description?: SafeHtml;
  value: Json;
  /** Built from the schema because the document gives none. */
  generated?: boolean;
}

export interface ApiMediaType {
  mediaType: string;
  schema?: SchemaNode;
  /** The same schema is already shown on the page (e.g. the error model of every 4xx): where, instead of `schema`. */
  schemaShownAt?: { anchor: string; label: string; name: string };
  /** Named examples; the first is the one code samples send. */
  examples: ApiExample[];
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ApiParameter {
  name: string;
  anchor?: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: SafeHtml;
  schema: SchemaNode;
  example?: Json;
  style?: string;
  explode?: boolean;
}

export interface ApiHeader {
  name: string;
  anchor?: string;
  required: boolean;
  deprecated: boolean;
  description?: SafeHtml;
  schema: SchemaNode;
}

export interface ApiRequestBody {
  required: boolean;
  description?: SafeHtml;
  content: ApiMediaType[];
}

export interface ApiResponse {
  /** `200`, `4XX`, `default`. */
  status: string;
  /** Element id of its block: `response-200`. */
  anchor?: string;
  description?: SafeHtml;
  headers: ApiHeader[];
  content: ApiMediaType[];
}

/** All schemes of one requirement apply together; an operation lists alternatives. */
export type ApiSecurityRequirement = Array<{ scheme: string; scopes: string[] }>;

export interface ApiServer {
  url: string;
  description?: SafeHtml;
  variables: Array<{ name: string; default: string; enum?: string[]; description?: SafeHtml }>;
}

export interface ApiSecurityScheme {
  key: string;
  type: string;
  description?: SafeHtml;
  /** http: `bearer`, `basic`... */
  scheme?: string;
  bearerFormat?: string;
  /** `x-example`: a credential the code samples show instead of a placeholder (e.g. a sandbox token). */
  example?: string;
  /** apiKey: where and under which name. */
  in?: string;
  name?: string;
  openIdConnectUrl?: string;
  flows: Array<{
    flow: string;
    authorizationUrl?: string;
    tokenUrl?: string;
    refreshUrl?: string;
    scopes: Array<{ name: string; description: string }>;
  }>;
}

export interface ApiCodeSample {
  /** Tab id: `curl`, `javascript`, `python`, `php` or the document's own `lang`. */
  lang: string;
  label: string;
  source: string;
}

export interface ApiCallback {
  name: string;
  /** The runtime expression of the URL, e.g. `{$request.body#/callbackUrl}`. */
  expression: string;
  operation: ApiOperation;
}

export interface ApiOperation {
  slug: string;
  /** Upper case: `GET`, `POST`... */
  method: string;
  /** The path template, or the webhook's name. */
  path: string;
  operationId?: string;
  /** The summary, or a title built from the method and path. */
  title: string;
  description?: SafeHtml;
  /** Plain text of the summary/description, for meta descriptions. */
  plainDescription?: string;
  deprecated: boolean;
  webhook: boolean;
  tags: string[];
  /** Effective requirements (the operation's own, else the document's); [] means none needed. */
  security: ApiSecurityRequirement[];
  servers: ApiServer[];
  parameters: ApiParameter[];
  requestBody?: ApiRequestBody;
  responses: ApiResponse[];
  callbacks: ApiCallback[];
  /** `x-codeSamples` of the document; generated samples are added per page. */
  codeSamples: ApiCodeSample[];
  externalDocs?: { url: string; description?: string };
}

export interface ApiTag {
  name: string;
  /** `x-displayName`: the label when `name` is an identifier. */
  displayName?: string;
  slug: string;
  description?: SafeHtml;
  plainDescription?: string;
  externalDocs?: { url: string; description?: string };
  /** Slugs of its operations, in document order. */
  operations: string[];
  /** `x-object`: the resource the tag is about, shown on its page (issue 18). */
  object?: ApiTagObject;
}

/** "The Order object": a schema the tag names, every field as responses return it, and one full example. */
export interface ApiTagObject {
  name: string;
  schema: SchemaNode;
  example?: ApiExample;
}

/** An operation as listed on tag pages and in the sidebar. */
export interface ApiOperationSummary {
  slug: string;
  href: string;
  method: string;
  path: string;
  title: string;
  deprecated: boolean;
  webhook: boolean;
}

/** `page.data` of the introduction route. */
export interface ApiIntroData {
  title: string;
  version: string;
  description?: SafeHtml;
  servers: ApiServer[];
  securitySchemes: ApiSecurityScheme[];
  security: ApiSecurityRequirement[];
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; url?: string };
  termsOfService?: string;
  externalDocs?: { url: string; description?: string };
  /** Markdown topics of `x-topics`. */
  topics: Array<{ id: string; title: string; content: SafeHtml }>;
  downloads: Array<{ label: string; href: string }>;
  groups: Array<{ name: string; tags: Array<{ name: string; href: string; count: number }> }>;
}

/** `page.data` of a tag route. */
export interface ApiTagData {
  name: string;
  description?: SafeHtml;
  object?: ApiTagObject;
  externalDocs?: { url: string; description?: string };
  operations: ApiOperationSummary[];
}

/** A code sample as the page shows it: highlighted at build time (copy takes the text from the page). */
export interface ApiCodeSampleView {
  lang: string;
  label: string;
  html: SafeHtml;
}

/** `page.data` of an operation route. */
export interface ApiOperationData {
  operation: ApiOperation;
  /** The security schemes the operation names, for their descriptions. */
  securitySchemes: ApiSecurityScheme[];
  /** Generated samples with `x-codeSamples` taking over their language. */
  codeSamples: ApiCodeSampleView[];
  tags: Array<{ name: string; href: string }>;
  /** Present when the site enables the request console (`openapi.console`): the server URLs it may call. */
  console?: {
    servers: string[];
    /** The site's base URL, under which the schemas a page loads lazily are: the console checks a body with them. */
    baseUrl: string;
  };
}
