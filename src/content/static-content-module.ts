import type { StaticNode } from '../../templates/shared/static-node.js';
import { fromJsonExpression, jsonExpression, jsonExpressionLiteral } from '../safe-json.js';

/**
 * The module a Markdown-only page compiles to (static-content.ts makes its tree): its text format, written by the
 * compiler and read by the bundle and serve stages. A module of its own, without the tree conversion's packages, so
 * a build whose pages all come from the compile cache does not load them.
 */
const STATIC_CONTENT_IMPORT = "import { staticContent } from '@portal/theme/pages/static-content.tsx';\n";

const STATIC_CONTENT_CALL = `${STATIC_CONTENT_IMPORT}export default staticContent(`;
const STATIC_CONTENT_END = ');\n';

/** The module a route imports as its Content: data plus the shared template. */
export function staticContentModule(nodes: StaticNode[]): string {
  return `${STATIC_CONTENT_CALL}${jsonExpression(nodes)}${STATIC_CONTENT_END}`;
}

/**
 * The tree of such a module, read back (`portal serve` sends it to the open page, which renders it with the
 * template it already has); undefined for any other module.
 */
export function staticContentNodes(code: string): StaticNode[] | undefined {
  const expression = treeExpression(code);
  const nodes = expression === undefined ? undefined : fromJsonExpression(expression);
  return Array.isArray(nodes) ? (nodes as StaticNode[]) : undefined;
}

/** The tree's expression (a jsonExpression) in such a module; undefined for any other module. */
const treeExpression = (code: string): string | undefined =>
  code.startsWith(STATIC_CONTENT_CALL) && code.endsWith(STATIC_CONTENT_END)
    ? code.slice(STATIC_CONTENT_CALL.length, -STATIC_CONTENT_END.length)
    : undefined;

/**
 * The server bundle's form of such a module (bundle/server.ts): a stub naming its tree by `id`, and the tree's text
 * (a JSON string literal, as compiled) to hand the bundle at load (templates/server/static-content.tsx). The trees
 * stay out of esbuild: for the 1,000-page corpus they were 9 MB of the server bundle, which took a second longer
 * to make than the client's. The client's chunks keep the module as compiled. Undefined for any other module.
 */
export function serverStaticContentModule(code: string, id: string): { module: string; tree: string } | undefined {
  const expression = treeExpression(code);
  const tree = expression === undefined ? undefined : jsonExpressionLiteral(expression);
  if (tree === undefined) return undefined;
  return {
    module: `import { staticContentFrom } from '@portal/theme/server/static-content.tsx';\nexport default staticContentFrom(${JSON.stringify(id)});\n`,
    tree,
  };
}

/** Whether compiled code is such a module: its page's HTML then holds the whole body, with nothing to run. */
export const isStaticContentModule = (code: string): boolean => code.startsWith(STATIC_CONTENT_IMPORT);
