/**
 * A doc body compiled to data (src/content/static-content.ts writes it, templates/pages/static-content.tsx turns
 * it back into React elements): text, or `[tag, props | 0, ...children]`.
 */
export type StaticNode = string | [tag: string, props: Record<string, unknown> | 0, ...children: StaticNode[]];
