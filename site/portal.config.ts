import type { PortalConfigInput } from '../src/config/schema.ts';

/** The Tessera documentation portal. Fields are documented in src/config/schema.ts. */
export default {
  title: 'Tessera API Portal',
  tagline: 'Hi, How can we help?',
  url: 'https://docs.tessera.example',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  image: 'img/social-card.png',
  // spec §3: the bar above the navbar; theme colours, so it reads in light and dark mode alike. A new id shows it
  // again to readers who closed the last one.
  announcementBar: {
    id: 'api-1-4-error-codes',
    content: 'Product API 1.4: every error now carries a documented code. See the <a href="/docs/intro#error-codes">error code catalogue</a>.',
    backgroundColor: 'var(--c-primary-soft)',
    textColor: 'var(--c-text)',
    isCloseable: true,
  },
  navbar: {
    title: 'Tessera API Portal',
    logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Tessera logo', width: 32, height: 32 },
    hideOnScroll: true,
    items: [
      { type: 'docSidebar', sidebarId: 'themes', label: 'Themes', position: 'left' },
      { type: 'docSidebar', sidebarId: 'contacts', label: 'Contacts', position: 'left' },
      { type: 'docSidebar', sidebarId: 'api', label: 'API reference', position: 'left' },
      { type: 'search', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'docsVersionDropdown', position: 'right' },
      { href: 'https://github.com/tessera-example/developer-portal', label: 'GitHub', position: 'right' },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          { label: 'Introduction', to: '/docs/intro' },
          { label: 'Theme guides', to: '/docs/themes/intro' },
          { label: 'Contact guides', to: '/docs/contact/intro' },
        ],
      },
      {
        title: 'Reference',
        items: [
          { label: 'Tags', to: '/docs/tags' },
          { label: 'Markdown page', to: '/markdown-page' },
        ],
      },
      {
        title: 'More',
        items: [{ label: 'GitHub', href: 'https://github.com/tessera-example/developer-portal' }],
      },
    ],
    copyright: 'Copyright © 2019-2024 Tessera. Built with portal.',
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  docs: { path: 'docs', routeBasePath: '/docs', sidebarPath: 'sidebars.ts', showLastUpdateTime: true },
  openapi: {
    path: 'openapi/business-api.yaml',
    routeBasePath: '/docs/api',
    categoryLabel: 'Product API',
    remoteUrl: 'https://api.tessera.example/v1/openapi.yaml',
    // The request console calls the sandbox only: production charges are real (issue 19).
    console: { enabled: true, servers: ['https://sandbox.api.tessera.example/v1'] },
  },
  prism: { additionalLanguages: ['markup-templating', 'liquid', 'php', 'tsx', 'nginx', 'http'] },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
} satisfies PortalConfigInput;
