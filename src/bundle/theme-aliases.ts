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
  // Docusaurus's core modules docs and pages import most: its Link and useBaseUrl.
  '@docusaurus': path.join(templatesDir, 'docusaurus', 'core'),
};

/** What `@theme/...` and `@docusaurus/...` offer, for the message when a doc imports another of Docusaurus's modules. */
export const DOCUSAURUS_COMPONENTS = [
  '@theme/Admonition',
  '@theme/CodeBlock',
  '@theme/Details',
  '@theme/DocCardList',
  '@theme/TabItem',
  '@theme/Tabs',
  '@docusaurus/Link',
  '@docusaurus/useBaseUrl',
];
