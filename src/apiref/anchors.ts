import type { ApiMediaType, ApiOperation, SchemaNode } from '../../templates/api/model.js';
import { kebab } from './slugs.js';

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
export function assignAnchors(operation: ApiOperation): ApiOperation {
  const taken = new Set<string>([...OPERATION_SECTIONS, ...TEMPLATE_IDS, ...operation.responses.map((r) => responseId(r.status))]);
  const claim = (wanted: string): string => {
    let id = wanted || 'property';
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  };
  const withOp = (op: ApiOperation, prefix: string): ApiOperation => ({
    ...op,
    parameters: op.parameters.map((p) => ({ ...p, anchor: claim(`${prefix}${p.in}-${kebab(p.name)}`) })),
    ...(op.requestBody ? { requestBody: { ...op.requestBody, content: media(op.requestBody.content, `${prefix}request-body`) } } : {}),
    responses: op.responses.map((r) => {
      const id = prefix ? claim(responseId(r.status, prefix)) : responseId(r.status);
      return { ...r, anchor: id, headers: r.headers.map((h) => ({ ...h, anchor: claim(`${id}-header-${kebab(h.name)}`) })), content: media(r.content, id) };
    }),
    callbacks: op.callbacks.map((cb) => ({ ...cb, operation: withOp(cb.operation, `callback-${kebab(cb.name)}-${cb.operation.method.toLowerCase()}-`) })),
  });
  const media = (content: ApiMediaType[], prefix: string): ApiMediaType[] =>
    content.map((m, i) => (m.schema ? { ...m, schema: tree(m.schema, i === 0 ? prefix : `${prefix}-${kebab(m.mediaType)}`) } : m));
  const tree = (node: SchemaNode, prefix: string): SchemaNode => ({
    ...node,
    ...(node.properties
      ? {
          properties: node.properties.map((p) => {
            const anchor = claim(`${prefix}-${kebab(p.name) || 'property'}`);
            return { ...p, anchor, schema: tree(p.schema, anchor) };
          }),
        }
      : {}),
    ...(node.items ? { items: tree(node.items, prefix) } : {}),
    ...(node.additionalProperties ? { additionalProperties: tree(node.additionalProperties, `${prefix}-value`) } : {}),
    ...(node.variants
      ? { variants: { ...node.variants, options: node.variants.options.map((o) => ({ ...o, schema: tree(o.schema, `${prefix}-${kebab(o.label) || 'option'}`) })) } }
      : {}),
  });
  return withOp(operation, '');
}
