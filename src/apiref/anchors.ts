import type { ApiMediaType, ApiOperation, SchemaNode } from '../../templates/shared/api-model.js';
import { BUILD_KEYS, fieldsWithout, withoutKeys } from './schema-inline.js';
import { kebab as toKebab } from './slugs.js';

/** kebab() memoised: property names repeat across a page and across pages. */
export function createKebabCache(): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let k = cache.get(text);
    if (k === undefined) {
      k = toKebab(text);
      cache.set(text, k);
    }
    return k;
  };
}

/** Ids of an operation page's sections; property anchors never take these. */
export const OPERATION_SECTIONS = ['parameters', 'request-body', 'responses', 'callbacks', 'code-samples'] as const;
/** Ids the template itself uses besides the sections. */
const TEMPLATE_IDS = ['authorization'];

/** Id of one response block: `response-200`, `response-4xx`, `response-default`. */
export const responseId = (status: string, prefix = ''): string => `${prefix}response-${status.toLowerCase()}`;

/**
 * Gives every parameter, header and schema property of an operation page an element id (issue 5: a link
 * anchor on every property), unique on the page: `query-limit`, `request-body-customer-email`,
 * `response-200-items-sku`. Computed at build time so the ids are in the HTML with JS off and the link
 * checker can see them. Returns a new operation; the model is left as it was.
 */
export function assignAnchors(
  operation: ApiOperation,
  kebab: (text: string) => string = createKebabCache(),
): ApiOperation {
  const taken = new Set<string>([
    ...OPERATION_SECTIONS,
    ...TEMPLATE_IDS,
    ...operation.responses.map((r) => responseId(r.status)),
  ]);
  const claim = (wanted: string): string => {
    let id = wanted || 'property';
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  };
  // Error responses of one page usually share one schema (the same object, built once by the model): the
  // tree is shown once and the others point to it, which keeps pages and their chunks small.
  const shown = new Map<SchemaNode, { anchor: string; label: string }>();
  const withOp = (op: ApiOperation, prefix: string): ApiOperation => ({
    ...op,
    parameters: op.parameters.map((p) => ({
      ...p,
      anchor: claim(`${prefix}${p.in}-${kebab(p.name)}`),
      schema: withoutKeys(p.schema),
    })),
    // Only the page's own request body has an element id to point at; a callback's does not.
    ...(op.requestBody
      ? {
          requestBody: {
            ...op.requestBody,
            content: media(op.requestBody.content, `${prefix}request-body`, prefix ? undefined : 'the request body'),
          },
        }
      : {}),
    responses: op.responses.map((r) => {
      const id = prefix ? claim(responseId(r.status, prefix)) : responseId(r.status);
      return {
        ...r,
        anchor: id,
        headers: r.headers.map((h) => ({
          ...h,
          anchor: claim(`${id}-header-${kebab(h.name)}`),
          schema: withoutKeys(h.schema),
        })),
        content: media(r.content, id, `the ${r.status} response`),
      };
    }),
    callbacks: op.callbacks.map((cb) => ({
      ...cb,
      operation: withOp(cb.operation, `callback-${kebab(cb.name)}-${cb.operation.method.toLowerCase()}-`),
    })),
  });
  const media = (content: ApiMediaType[], prefix: string, label: string | undefined): ApiMediaType[] =>
    content.map((m, i) => {
      if (!m.schema) return m;
      const first = shown.get(m.schema);
      if (first && m.schema.properties?.length) {
        const { schema: _omitted, ...rest } = m;
        return { ...rest, schemaShownAt: { ...first, name: m.schema.name ?? m.schema.type } };
      }
      const anchor = i === 0 ? prefix : `${prefix}-${kebab(m.mediaType)}`;
      if (label && !shown.has(m.schema)) shown.set(m.schema, { anchor: prefix, label });
      return { ...m, schema: tree(m.schema, anchor, new Map()) };
    });
  // `above`: the row each named schema opened at on the way down, so a repeat links back to it. Build-time
  // keys end here: pages never carry them.
  const tree = (node: SchemaNode, prefix: string, above: ReadonlyMap<string, string>): SchemaNode => {
    const { key, ref } = node;
    const here = key && !above.has(key) ? new Map(above).set(key, prefix) : above;
    const back = node.circular && ref ? above.get(ref) : undefined;
    const out = fieldsWithout(node, BUILD_KEYS);
    if (back) out.circularAnchor = back;
    if (node.properties)
      out.properties = node.properties.map((p) => {
        const anchor = claim(`${prefix}-${kebab(p.name) || 'property'}`);
        return { ...p, anchor, schema: tree(p.schema, anchor, here) };
      });
    if (node.items) out.items = tree(node.items, prefix, here);
    if (node.additionalProperties) out.additionalProperties = tree(node.additionalProperties, `${prefix}-value`, here);
    if (node.variants)
      out.variants = {
        ...node.variants,
        options: node.variants.options.map((o) => ({
          ...o,
          schema: tree(o.schema, `${prefix}-${kebab(o.label) || 'option'}`, here),
        })),
      };
    return out as unknown as SchemaNode;
  };
  return withOp(operation, '');
}
