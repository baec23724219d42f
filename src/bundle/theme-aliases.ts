import path from 'node:path';

const templatesDir = path.resolve(import.meta.dirname, '../../templates');

/**
 * Import paths the site's code may use for the portal's own components, in both bundles: `@portal/theme/...` for
 * the templates (a `.tsx` page's Link, say), and Docusaurus's `@theme/...` components that docs written for it
 * import (templates/docusaurus/).
 */
export const THEME_ALIASES: Readonly<Record<string, string>> = {
  '@portal/theme': templatesDir,
  '@theme': path.join(templatesDir, 'docusaurus'),
};

/** What `@theme/...` offers, for the message when a doc imports another of Docusaurus's components. */
export const DOCUSAURUS_COMPONENTS = [
  '@theme/Admonition',
  '@theme/CodeBlock',
  '@theme/Details',
  '@theme/TabItem',
  '@theme/Tabs',
];
