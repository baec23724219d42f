import type { MouseEvent } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { isPlainClick } from '../shell/Link.tsx';
import { useSite } from '../site-context.tsx';
import { routeHref } from '../shared/urls.ts';
import type { SiteData } from '../shared/types.ts';
import type { SafeHtml } from '../shared/api-model.ts';

/**
 * Internal links of a description (`/docs/intro`) as the shell's Link makes them: with the base URL, and
 * marked so a click navigates client-side. `data-to` keeps the route path the router wants.
 */
function withInternalLinks(html: SafeHtml, site: SiteData): SafeHtml {
  if (!html.__html.includes('<a href="/')) return html;
  return {
    __html: html.__html.replace(
      /<a href="(\/(?!\/)[^"]*)"/g,
      (_m, to: string) => `<a href="${routeHref(site, to)}" data-internal="" data-to="${to}"`,
    ),
  };
}

/**
 * A description from the OpenAPI document. The HTML was rendered from Markdown and sanitised at build time
 * (src/apiref/markdown.ts: raw HTML escaped, unsafe URLs dropped); its links were checked (description-links.ts).
 */
export function Markdown({ html, className }: { html: SafeHtml | undefined; className?: string }) {
  const site = useSite();
  const router = useRouter();
  if (!html) return null;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a[data-to]');
    if (!link || event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    router.navigate(link.getAttribute('data-to') as string);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegated from the links inside, which are focusable and fire click on Enter
    <div
      className={`markdown api-markdown${className ? ` ${className}` : ''}`}
      onClick={onClick}
      dangerouslySetInnerHTML={withInternalLinks(html, site)}
    />
  );
}
