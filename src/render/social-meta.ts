import type { PageData } from '../../templates/shared/types.js';
import { escapeHtml } from '../html-entities.js';

export interface SocialMetaOptions {
  /** The document title (`Page | Site`). */
  title: string;
  description?: string | undefined;
  /** Absolute canonical URL. */
  url: string;
  siteName: string;
  kind: PageData['kind'];
  /** Absolute URL of the page's social card, if the site has one (config `image`). */
  image?: string | undefined;
}

/**
 * Open Graph and Twitter card tags (issue 7): what a link preview in a chat or a social network shows. Docs
 * are articles; a large card when there is an image, a summary otherwise.
 */
export function socialMetaTags(o: SocialMetaOptions): string {
  const tags: Array<[attr: 'property' | 'name', key: string, value: string | undefined]> = [
    ['property', 'og:type', o.kind === 'doc' ? 'article' : 'website'],
    ['property', 'og:site_name', o.siteName],
    ['property', 'og:title', o.title],
    ['property', 'og:description', o.description],
    ['property', 'og:url', o.url],
    ['property', 'og:image', o.image],
    ['name', 'twitter:card', o.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', o.title],
    ['name', 'twitter:description', o.description],
    ['name', 'twitter:image', o.image],
  ];
  return tags
    .filter((t): t is [(typeof t)[0], string, string] => Boolean(t[2]))
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`)
    .join('');
}
