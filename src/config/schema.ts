import { createRequire } from 'node:module';
import { z } from 'zod';
import { navbarItemSchema } from './navbar-items.js';

const resolveFromPortal = createRequire(import.meta.url);

/**
 * Whether refractor has a grammar of this name (its `refractor/<name>` module): an unknown one ended the build later,
 * in a compile worker, with a missing-module error about some page instead of the config.
 */
function isPrismLanguage(name: string): boolean {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return false;
  try {
    resolveFromPortal.resolve(`refractor/${name}`);
    return true;
  } catch {
    return false;
  }
}

/** A locale code, also its URL prefix: `fr`, `pt-BR`. */
const localeCode = z
  .string()
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a locale code such as "en", "fr" or "pt-BR"');

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
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
    .default('/'),
  /** true: `/docs/intro/`; false: `/docs/intro`; unset: links as written, files as folders. @example false */
  trailingSlash: z.boolean().optional(),
  /** Path under site/static. @example 'img/favicon.svg' */
  favicon: z.string().optional(),
  /**
   * Default social card (Open Graph and Twitter `image`) of every page: a path under site/static, best a
   * 1200×630 PNG or JPEG (issue 7). @example 'img/social-card.png'
   */
  image: z
    .string()
    .regex(/^[^/:]/, 'a path under site/static, without a leading "/"')
    .optional(),
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
      logo: z
        .strictObject({
          src: z.string(),
          alt: z.string().default(''),
          href: z.string().optional(),
          width: z.number().optional(),
          height: z.number().optional(),
        })
        .optional(),
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
      /**
       * The version served at `routeBasePath`; the newest in `site/versions.json` when unset, `current` without
       * that file. The others are served at `routeBasePath/<path>`. @example '1.0'
       */
      lastVersion: z.string().min(1).optional(),
      /** false: build only the versions in `site/versions.json`, not the `docs` folder. @example true */
      includeCurrentVersion: z.boolean().default(true),
      /** Per version (`current` or a name from versions.json). @example { current: { label: 'Next', path: 'next' } } */
      versions: z
        .record(
          z.string(),
          z.strictObject({
            /** Shown in the version dropdown. @example 'Next' */
            label: z.string().min(1).optional(),
            /** Route segment under `routeBasePath`; '' serves the version at `routeBasePath`. @example 'next' */
            path: z
              .string()
              .regex(
                /^(?:[^/\\?#]+(?:\/[^/\\?#]+)*)?$/,
                'must be a route segment like "next" or "1.x" (or "" for the docs root), without leading or trailing "/", "?" or "#"',
              )
              .optional(),
            /** The note above each doc of the version; default: none for the last version, unreleased for newer ones, unmaintained for older ones. @example 'unmaintained' */
            banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
          }),
        )
        .default({}),
      /** Public URL of the repository, for "edit this page" links. @example 'https://github.com/org/repo/edit/main/site/' */
      editUrl: z.string().optional(),
      showLastUpdateTime: z.boolean().default(false),
      /**
       * Whether sidebar categories start collapsed (the category holding the current page always opens).
       * A collapsed category's links stay out of each page's HTML until opened, which keeps large sites light.
       * @example true
       */
      sidebarCollapsed: z.boolean().default(false),
    })
    .default({
      path: 'docs',
      routeBasePath: '/docs',
      sidebarPath: 'sidebars.ts',
      includeCurrentVersion: true,
      versions: {},
      showLastUpdateTime: false,
      sidebarCollapsed: false,
    }),
  openapi: z
    .strictObject({
      /** The OpenAPI document, relative to the project root. @example 'openapi/business-api.yaml' */
      path: z.string(),
      /** Route of the reference. @example '/docs/api' */
      routeBasePath: z.string().default('/docs/api'),
      /** Label of the API category page `/docs/category/<slug>`. @example 'Product API' */
      categoryLabel: z.string().default('API reference'),
      /** A remotely hosted copy of the document (linked as "Hosted copy"; not for a document previewed with `--openapi`). @example 'https://example.com/openapi.yaml' */
      remoteUrl: z.url().optional(),
      /**
       * Folder, relative to the project root, that external `$ref`s may reach: a document split over sibling
       * folders (`spec/`, `common/`) names their common parent. Refs outside it are refused. By default the
       * enclosing `openapi/` folder, else the document's own folder. `--openapi-root` overrides it; a document
       * previewed with `--openapi` does not use it.
       * @example 'openapi'
       */
      root: z.string().optional(),
      /**
       * The "Send a request" panel on operation pages (issue 19): off unless enabled; off, none of its code
       * ships. `servers` lists the document's server URLs the panel may call (all of them when unset); a Mock
       * entry that answers in the reader's tab from the document is always offered first.
       * @example { enabled: true, servers: ['https://sandbox.api.tessera.example/v1'] }
       */
      console: z
        .strictObject({
          /** Show the panel on every operation page. @example true */
          enabled: z.boolean().default(false),
          /**
           * Server URLs of the document's `servers` the panel may send to (one with variables as the panel calls
           * it, their defaults put in); unset, all of them. The reader's token goes only there.
           * @example ['https://sandbox.api.tessera.example/v1']
           */
          servers: z.array(z.url()).optional(),
        })
        .optional(),
    })
    .optional(),
  i18n: z
    .strictObject({
      /** Served at the site root; untranslated docs and pages of other locales fall back to it. @example 'en' */
      defaultLocale: localeCode.default('en'),
      /** Every locale to build; each one but the default is built again under `/<locale>/`. @example ['en', 'fr'] */
      locales: z.array(localeCode).min(1).default(['en']),
      /** @example { fr: { label: 'Français', htmlLang: 'fr-FR' } } */
      localeConfigs: z
        .record(
          z.string(),
          z.strictObject({
            /** The locale's name in the language menu, in its own language. @example 'Français' */
            label: z.string().min(1).optional(),
            /** `<html lang>` of the locale's pages; the locale code when unset. @example 'fr-FR' */
            htmlLang: z
              .string()
              .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a BCP 47 language tag such as "en-US"')
              .optional(),
          }),
        )
        .default({}),
    })
    .superRefine((i18n, ctx) => {
      if (!i18n.locales.includes(i18n.defaultLocale)) {
        ctx.addIssue({
          code: 'custom',
          path: ['defaultLocale'],
          message: `"${i18n.defaultLocale}" is not in i18n.locales (${i18n.locales.join(', ')}); add it there or pick one of them`,
        });
      }
      i18n.locales.forEach((name, i) => {
        if (i18n.locales.indexOf(name) !== i)
          ctx.addIssue({ code: 'custom', path: ['locales', i], message: `"${name}" is listed twice` });
      });
      for (const name of Object.keys(i18n.localeConfigs)) {
        if (!i18n.locales.includes(name))
          ctx.addIssue({
            code: 'custom',
            path: ['localeConfigs', name],
            message: `"${name}" is not in i18n.locales (${i18n.locales.join(', ')}); add it there or remove this entry`,
          });
      }
    })
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),
  prism: z
    .strictObject({
      /**
       * Prism grammars, by refractor's names, on top of its common ones and liquid, php and markup-templating: fenced
       * code in docs and in API descriptions is highlighted with them. @example ['tsx', 'nginx', 'http']
       */
      additionalLanguages: z
        .array(
          z.string().refine(isPrismLanguage, {
            error: (issue) =>
              `"${String(issue.input)}" is not a Prism grammar refractor has; use the name of one, such as liquid, php, tsx, nginx or http`,
          }),
        )
        .default([]),
    })
    .default({ additionalLanguages: [] }),
  tableOfContents: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
});

export type PortalConfigInput = z.input<typeof configSchema>;
export type PortalConfig = z.output<typeof configSchema>;
