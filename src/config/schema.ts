import { z } from 'zod';
import { navbarItemSchema } from './navbar-items.js';

const footerLink = z.strictObject({
  label: z.string(),
  to: z.string().optional(),
  href: z.string().optional(),
  html: z.string().optional(),
});

/** The schema of `site/portal.config.ts`; its input type is what authors write, its output what the build reads. */
export const configSchema = z.strictObject({
  /** Site title, shown in the navbar and after ` | ` in every page title. @example 'Tessera API Portal' */
  title: z.string().min(1),
  /** @example 'Hi, How can we help?' */
  tagline: z.string().default(''),
  /** Production origin, used for canonical URLs and the sitemap. @example 'https://docs.tessera.example' */
  url: z.url(),
  /** Path the site is served under; starts and ends with `/`. @example '/' */
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'must start and end with "/"').default('/'),
  /** true: `/docs/intro/`; false: `/docs/intro`; unset: links as written, files as folders. @example false */
  trailingSlash: z.boolean().optional(),
  /** Path under site/static. @example 'img/favicon.svg' */
  favicon: z.string().optional(),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: z
        .strictObject({
          src: z.string(),
          srcDark: z.string().optional(),
          alt: z.string().default(''),
          href: z.string().optional(),
          target: z.string().optional(),
          width: z.union([z.number(), z.string()]).optional(),
          height: z.union([z.number(), z.string()]).optional(),
        })
        .optional(),
      style: z.enum(['dark', 'primary']).optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navbarItemSchema).default([]),
    })
    .default({ hideOnScroll: false, items: [] }),
  footer: z
    .strictObject({
      style: z.enum(['dark', 'light']).default('light'),
      links: z
        .union([z.array(z.strictObject({ title: z.string(), items: z.array(footerLink) })), z.array(footerLink)])
        .default([]),
      logo: z.strictObject({ src: z.string(), alt: z.string().default(''), href: z.string().optional(), width: z.number().optional(), height: z.number().optional() }).optional(),
      copyright: z.string().optional(),
    })
    .optional(),
  announcementBar: z
    .strictObject({
      /** Changing the id shows the bar again to readers who closed it. @example 'api-v2' */
      id: z.string().default('announcement-bar'),
      /** HTML. @example 'New: <a href="/docs/api/orders">Orders API</a>' */
      content: z.string(),
      backgroundColor: z.string().default('#fff'),
      textColor: z.string().default('#000'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
  docs: z
    .strictObject({
      /** Folder under site/. @example 'docs' */
      path: z.string().default('docs'),
      /** @example '/docs' */
      routeBasePath: z.string().default('/docs'),
      /** File under site/. @example 'sidebars.ts' */
      sidebarPath: z.string().default('sidebars.ts'),
      lastVersion: z.string().default('current'),
      versions: z
        .record(z.string(), z.strictObject({ label: z.string().optional(), path: z.string().optional(), banner: z.enum(['none', 'unreleased', 'unmaintained']).optional() }))
        .default({}),
      /** Public URL of the repository, for "edit this page" links. @example 'https://github.com/org/repo/edit/main/site/' */
      editUrl: z.string().optional(),
      showLastUpdateTime: z.boolean().default(false),
    })
    .default({ path: 'docs', routeBasePath: '/docs', sidebarPath: 'sidebars.ts', lastVersion: 'current', versions: {}, showLastUpdateTime: false }),
  openapi: z
    .strictObject({
      /** The OpenAPI document, relative to the project root. @example 'openapi/business-api.yaml' */
      path: z.string(),
      /** Route of the reference. @example '/docs/api' */
      routeBasePath: z.string().default('/docs/api'),
      /** Label of the API category page `/docs/category/<slug>`. @example 'Product API' */
      categoryLabel: z.string().default('API reference'),
      /** A remotely hosted copy of the document. @example 'https://example.com/openapi.yaml' */
      remoteUrl: z.url().optional(),
    })
    .optional(),
  i18n: z
    .strictObject({
      defaultLocale: z.string().default('en'),
      locales: z.array(z.string()).min(1).default(['en']),
      localeConfigs: z.record(z.string(), z.strictObject({ label: z.string().optional(), htmlLang: z.string().optional() })).default({}),
    })
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),
  prism: z
    .strictObject({
      /** Grammars on top of the defaults. @example ['liquid', 'php', 'markup-templating'] */
      additionalLanguages: z.array(z.string()).default([]),
    })
    .default({ additionalLanguages: [] }),
  tableOfContents: z
    .strictObject({ minHeadingLevel: z.number().int().min(2).max(6).default(2), maxHeadingLevel: z.number().int().min(2).max(6).default(3) })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
});

export type PortalConfigInput = z.input<typeof configSchema>;
export type PortalConfig = z.output<typeof configSchema>;
