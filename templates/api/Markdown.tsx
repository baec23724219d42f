import type { MouseEvent } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { isPlainClick } from '../shell/Link.tsx';
import { useSite } from '../site-context.tsx';
import { withInternalLinks } from '../shared/urls.ts';
import type { SafeHtml } from '../shared/api-model.ts';
import { adoptable } from './adopt.ts';

/**
 * A description from the OpenAPI document. The HTML was rendered from Markdown and sanitised at build time
 * (src/apiref/markdown.ts: raw HTML sanitised, unsafe URLs dropped); its links were checked (description-links.ts).
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
      {...adoptable}
      dangerouslySetInnerHTML={{ __html: withInternalLinks(html.__html, site) }}
    />
  );
}
