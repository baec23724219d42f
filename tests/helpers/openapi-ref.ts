type Raw = Record<string, any>;

/**
 * Follows a local `$ref` (`#/components/...`) in a parsed OpenAPI document until it reaches a node that is not
 * a reference; any other node is returned as it is. The content tests read the raw document with this one.
 */
export function resolveRef(doc: Raw, node: Raw): Raw {
  let current = node;
  while (typeof current?.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((n: Raw, k: string) => n[k], doc);
  }
  return current;
}
